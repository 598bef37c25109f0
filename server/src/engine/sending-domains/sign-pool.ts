import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DkimSigningKey } from './dkim-sign.ts';

/**
 * DKIM signing threads. Signing a message with an RSA-2048 key costs about 0.9 ms of CPU (a third
 * of it mailauth reading the PEM key again): on the delivery workers' thread it would hold the event
 * loop, so it runs here, on as many threads as there are cores (one fewer left the cores idle while
 * the queue of signatures grew: 520 against 655 messages/s on 2 cores, measured). Idle threads end
 * after a while.
 */
let pool: Piscina | undefined;

function signPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./sign-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: availableParallelism(),
    idleTimeout: 5_000,
  });
  return pool;
}

/** `raw` with its DKIM-Signature in front, signed on a signing thread. */
export async function signOnThread(raw: Buffer, key: DkimSigningKey): Promise<Buffer> {
  const signed: Uint8Array = await signPool().run({ raw, key }, { name: 'sign' });
  return Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
}
