import net from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

export function canConnect(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until check() is true; gives up after timeoutMs or as soon as gaveUp() returns a reason
 * (e.g. the child process exited). Returns undefined on success, else why it failed.
 */
export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs: number,
  gaveUp: () => string | undefined = () => undefined,
): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = gaveUp();
    if (reason) return reason;
    if (await check()) return undefined;
    await sleep(100);
  }
  return `not ready after ${Math.round(timeoutMs / 1000)} s`;
}
