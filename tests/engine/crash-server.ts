import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/ports.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
// The workspace's Node 24: the `node` on PATH may be older and lack type stripping.
const nodeBinary = `${repoRoot}node_modules/.bin/node`;
const startTimeoutMs = 45_000;
const outputLimit = 20_000;

export interface ServerSettings {
  port: number;
  smtpPort: number;
  storage: { DATA_DIR: string; DATABASE_URL: string };
  /** More settings, over the defaults (MAIL_MODE=capture...). */
  env?: NodeJS.ProcessEnv;
}

export interface CrashServer {
  origin: string;
  smtpPort: number;
  /** SIGKILL, sent before this returns its promise; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; resolves with the exit code (null when it had to be killed). */
  stop(): Promise<number | null>;
  /** The tail of what it printed, for failure messages. */
  output(): string;
}

/** Starts `server/src/main.ts` and resolves once it prints that it listens (migrations done, relay up). */
export async function startServer(settings: ServerSettings): Promise<CrashServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...settings.storage,
    HOST: '127.0.0.1',
    PORT: String(settings.port),
    SMTP_PORT: String(settings.smtpPort),
    // Not the default 2526: another server on this machine (a test file beside this one) may hold it.
    MX_PORT: String(await freePort()),
    // Any free port: these servers serve no page.
    SITES_PORT: '0',
    MAIL_MODE: 'capture',
    LOG_LEVEL: 'warn',
    CONSOLE_DIR: '/nonexistent',
    RATE_LIMIT_PER_MINUTE: '0',
    ...settings.env,
  };
  const child = spawn(nodeBinary, ['server/src/main.ts'], { cwd: repoRoot, env, stdio: 'pipe' });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-outputLimit);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  const kill = async () => {
    if (!gone()) child.kill('SIGKILL');
    await exited;
  };

  try {
    await listening(child, () => output);
  } catch (error) {
    await kill();
    throw error;
  }

  return {
    origin: `http://127.0.0.1:${settings.port}`,
    smtpPort: settings.smtpPort,
    kill,
    async stop() {
      if (gone()) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    output: () => output,
  };
}

function listening(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start within ${startTimeoutMs} ms:\n${output()}`)),
      startTimeoutMs,
    );
    child.stdout?.on('data', () => {
      if (output().includes('listening on http://')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited during start-up (${code ?? signal}):\n${output()}`));
    });
  });
}
