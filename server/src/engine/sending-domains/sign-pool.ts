import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DkimSigningKey } from './dkim-sign.ts';

/**
 * DKIM signing threads. An RSA-2048 signature costs about 1.5 ms of CPU: on the delivery workers'
 * thread it would cap a process near 700 messages/s and hold its event loop, so it runs here.
 * Idle threads end after a while.
 */
let pool: Piscina | undefined;

function signPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./sign-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 5_000,
  });
  return pool;
}

/** `raw` with its DKIM-Signature in front, signed on a signing thread. */
export async function signOnThread(raw: Buffer, key: DkimSigningKey): Promise<Buffer> {
  const signed: Uint8Array = await signPool().run({ raw, key }, { name: 'sign' });
  return Buffer.from(signed.buffer, signed.byteOffset, signed.byteLength);
}
