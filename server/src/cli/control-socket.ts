import { chmodSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * The operator's way into a running server that owns DATA_DIR: a unix socket in DATA_DIR, mode 0600,
 * so only the user the server runs as (and root) can connect. One JSON line each way: the CLI's
 * arguments in, the lines to print (or the error) out.
 */
export const controlSocketName = 'control.sock';

type Reply = { ok: true; lines: string[] } | { ok: false; message: string };

/** Unix socket paths are limited to ~104 bytes: use the path relative to here when the full one is longer. */
function socketPath(dataDir: string): string {
  const full = path.resolve(dataDir, controlSocketName);
  if (full.length <= 100) return full;
  const relative = path.relative(process.cwd(), full);
  if (relative.length <= 100) return relative;
  throw new Error(`DATA_DIR ${dataDir} is too long a path for its control socket (at most ~90 characters)`);
}

/**
 * Serves operator commands on DATA_DIR's control socket. Call only while holding DATA_DIR's lock:
 * a socket file left there is then a dead server's and is replaced.
 */
export async function serveOperatorCommands(
  dataDir: string,
  run: (argv: string[]) => Promise<string[]>,
): Promise<{ close(): Promise<void> }> {
  const file = socketPath(dataDir);
  const server: Server = createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      input += chunk;
      const end = input.indexOf('\n');
      if (end < 0) return;
      socket.removeAllListeners('data');
      void answer(input.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => socket.destroy());
  });
  const answer = async (line: string): Promise<Reply> => {
    try {
      const { argv } = JSON.parse(line) as { argv: unknown };
      if (!Array.isArray(argv) || !argv.every((arg) => typeof arg === 'string')) {
        return { ok: false, message: 'malformed request' };
      }
      return { ok: true, lines: await run(argv) };
    } catch (error) {
      return { ok: false, message: (error as Error).message };
    }
  };
  // Bound inside a fresh 0700 directory, restricted to 0600, then moved into place: nobody else can
  // connect in between (DATA_DIR itself may be readable by others).
  const privateDir = mkdtempSync(path.join(path.dirname(file), '.control-'));
  try {
    const bound = path.join(privateDir, 's');
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(bound, () => resolve());
    });
    chmodSync(bound, 0o600);
    renameSync(bound, file);
  } finally {
    rmSync(privateDir, { recursive: true, force: true });
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(file, { force: true });
          resolve();
        });
      }),
  };
}

/** Nobody answers on the control socket (no server, or one still starting or gone). */
export class NoServerAnswers extends Error {}

/** Runs a command in the server that owns DATA_DIR; resolves with its lines, rejects with its error. */
export function sendOperatorCommand(dataDir: string, argv: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath(dataDir));
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => {
      output += chunk;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')
        reject(new NoServerAnswers(error.message));
      else reject(error);
    });
    socket.on('end', () => {
      let reply: Reply;
      try {
        reply = JSON.parse(output) as Reply;
      } catch {
        reject(new Error('the server closed the control socket without an answer'));
        return;
      }
      if (reply.ok) resolve(reply.lines);
      else reject(new Error(reply.message));
    });
  });
}
