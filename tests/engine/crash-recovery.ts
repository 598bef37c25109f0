import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../support/ports.ts';
import { createSendingAccount } from './crash-account.ts';
import { sendOverHttp } from './crash-burst.ts';
import { type CrashServer, startServer } from './crash-server.ts';
import type { CrashTarget } from './crash-storage.ts';

export interface RecoveryOptions {
  /** Recipients of the one transmission accepted before the kill. */
  messages: number;
  /** Gives up waiting for the deliveries after the restart this long after it listens. */
  timeoutMs: number;
  /** More settings for both servers (e.g. WORKER_DEAD_AFTER_SECONDS). */
  env?: NodeJS.ProcessEnv;
}

export interface Recovery {
  /** Connections the first server opened to the silent smarthost before it was killed: its attempts in flight. */
  attemptsAtKill: number;
  /** From the restart (spawn) until it answered. */
  startupMs: number;
  /** From the restart (spawn) until every message was delivered; undefined when that did not happen in time. */
  deliveredMs: number | undefined;
  delivered: number;
}

/** A smarthost that accepts connections and never greets: every attempt hangs until the server dies. */
async function silentSmarthost(): Promise<{ port: number; connections(): number; close(): void }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    connections: () => connections,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

async function deliveryEvents(server: CrashServer, apiKey: string): Promise<number> {
  const answer = await fetch(`${server.origin}/api/v1/events/message?events=delivery&per_page=1`, {
    headers: { authorization: apiKey },
  }).catch(() => undefined);
  if (answer?.status !== 200) return 0;
  return ((await answer.json()) as { total_count: number }).total_count;
}

/**
 * The crash of finding 12 of issue 22: a server delivering (MAIL_MODE=deliver through a smarthost
 * that never answers, so every claimed message stays in flight) accepts one transmission of
 * `messages` recipients, is SIGKILLed once its attempts are under way, and is started again in
 * capture mode on the same data. Measures how long the restarted server takes to deliver them all.
 */
export async function crashMidSend(target: CrashTarget, options: RecoveryOptions): Promise<Recovery> {
  const storage = await target.create();
  const smarthost = await silentSmarthost();
  const servers: CrashServer[] = [];
  try {
    const account = await createSendingAccount(storage);
    const ports = { port: await freePort(), smtpPort: await freePort(), storage: storage.env };
    const sending = await startServer({
      ...ports,
      env: {
        ...options.env,
        MAIL_MODE: 'deliver',
        SMARTHOST: `127.0.0.1:${smarthost.port}`,
        SMARTHOST_TLS: 'none',
      },
    });
    servers.push(sending);
    const recipients = Array.from({ length: options.messages }, (_, n) => `rcpt${n}@recover.example.test`);
    const accepted = await sendOverHttp({ ...sending, apiKey: account.apiKey }, 'recover', recipients);
    if (accepted !== 'ok') throw new Error(`the transmission was not accepted: ${accepted}`);
    const deadline = Date.now() + 20_000;
    while (smarthost.connections() === 0) {
      if (Date.now() > deadline) throw new Error(`no delivery attempt started:\n${sending.output()}`);
      await sleep(20);
    }
    // Both of the worker's claim loops have their batches by now.
    await sleep(500);
    const attemptsAtKill = smarthost.connections();
    await sending.kill();
    smarthost.close();

    const restartedAt = Date.now();
    const restarted = await startServer({ ...ports, env: { ...options.env, MAIL_MODE: 'capture' } });
    servers.push(restarted);
    const startupMs = Date.now() - restartedAt;
    const giveUp = Date.now() + options.timeoutMs;
    let delivered = await deliveryEvents(restarted, account.apiKey);
    while (delivered < options.messages && Date.now() < giveUp) {
      await sleep(100);
      delivered = await deliveryEvents(restarted, account.apiKey);
    }
    const deliveredMs = delivered >= options.messages ? Date.now() - restartedAt : undefined;
    return { attemptsAtKill, startupMs, deliveredMs, delivered };
  } finally {
    await Promise.all(servers.map((server) => server.kill()));
    smarthost.close();
    await storage.dispose();
  }
}
