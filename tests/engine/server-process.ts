import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/ports.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Node 24 from the workspace: the `node` on PATH may be older and lack type stripping.
const nodeBinary = path.join(root, 'node_modules/.bin/node');
const run = promisify(execFile);

export interface ServerProcess {
  origin: string;
  dataDir: string;
  /** The settings the server runs with, for the operator CLI and for opening its database after stop(). */
  env: NodeJS.ProcessEnv;
  /** Runs the operator CLI with the server's settings; returns its output lines. */
  admin(...args: string[]): Promise<string[]>;
  /** Starts the server and waits until GET /v1/ping answers 200. */
  start(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code (null when killed). */
  stop(): Promise<number | null>;
  /** SIGKILL: no cleanup at all, as after a crash. */
  kill(): Promise<void>;
  /** Runs a second server on the same DATA_DIR (other ports) until it exits, at most 30 s. */
  startAnother(): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** Stops the server if it runs and removes the data directory. */
  dispose(): Promise<void>;
}

/** The server's settings on fresh ports and an empty data directory (embedded PGlite), nothing started; `extra` adds settings. */
export async function serverProcess(extra: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'engine-process-'));
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PORT: String(port),
    SMTP_PORT: String(await freePort()),
    // Any free port: these servers serve no page.
    SITES_PORT: '0',
    MAIL_MODE: 'capture',
    LOG_LEVEL: 'warn',
    CONSOLE_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '0',
    ...extra,
  };
  const origin = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';

  const exited = (server: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) resolve(server.exitCode);
      else server.once('exit', (code) => resolve(code));
    });

  async function waitForPing(server: ChildProcess): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      const answer = await fetch(`${origin}/v1/ping`).catch(() => undefined);
      if (answer?.status === 200) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the server did not answer /v1/ping within 90 s:\n${output}`);
  }

  async function stop(): Promise<number | null> {
    const running = child;
    child = undefined;
    if (!running) return null;
    const done = exited(running);
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 10_000);
    const code = await done;
    clearTimeout(timer);
    return code;
  }

  async function kill(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running) return;
    const done = exited(running);
    running.kill('SIGKILL');
    await done;
  }

  async function startAnother() {
    const ports = {
      PORT: String(await freePort()),
      SMTP_PORT: String(await freePort()),
    };
    const result = await run(nodeBinary, ['server/src/main.ts'], {
      cwd: root,
      env: { ...env, ...ports },
      timeout: 30_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code?: number | null; stdout: string; stderr: string }) => ({
        code: error.code ?? null,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
    return result;
  }

  return {
    origin,
    dataDir,
    env,
    async admin(...args) {
      const { stdout } = await run(nodeBinary, ['server/src/cli/admin.ts', ...args], { cwd: root, env });
      return stdout.trim().split('\n');
    },
    async start() {
      output = '';
      const started = spawn(nodeBinary, ['server/src/main.ts'], { cwd: root, env, stdio: 'pipe' });
      child = started;
      started.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      started.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      await waitForPing(started);
    },
    stop,
    kill,
    startAnother,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
