import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test as base } from '@playwright/test';
import { startTestDnsServer, type TestDnsServer } from '../../../server/src/testing/dns-server.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../server/src/testing/smtp-receiver.ts';
import { freePort } from '../../support/ports.ts';

/**
 * A second console server started inside a test worker, with its own DNS and its own receiving SMTP
 * server, for journeys that need DNS the test controls (domain verification) or mail that really
 * leaves the server (delivery). The Playwright config's webServer cannot do that: its DNS is the
 * machine's and its mail stays captured.
 *
 * - `dns`: an authoritative test DNS server on loopback; the server resolves everything through it
 *   (DNS_SERVERS). `dns.set(name, { TXT: [...], CNAME: '...', MX: [...], A: [...] })` publishes.
 * - `receiver`: an SMTP server on loopback; delivered mail lands in `receiver.messages`. The server
 *   delivers to its port (DELIVERY_PORT) and may deliver to loopback (DELIVERY_PRIVATE_NETWORKS=allow).
 *   Mail goes there only with `env: { MAIL_MODE: 'deliver' }` and an MX (or A) record for the
 *   recipient's domain in `dns` pointing at 127.0.0.1; by default MAIL_MODE is capture, as in the config.
 * - SECRET is the config's E2E_SECRET, so tests/e2e/helpers.ts (captured mail, confirmed accounts)
 *   work against this server too when given its `request` context.
 * - The console files come from `dist/` (the server's default CONSOLE_DIR): build them first
 *   (`node_modules/.bin/node scripts/build.ts`).
 *
 * Use `startEngineServer()` directly, or the `test` exported below, whose worker-scoped `engine`
 * fixture starts one server per worker and points `baseURL` (so `page` and `request`) at it.
 */
export interface EngineServer {
  /** `http://127.0.0.1:<port>`, also the server's PUBLIC_URL. */
  baseURL: string;
  /** The sites origin: published pages and forms (SITES_PORT, SITES_URL). */
  sitesURL: string;
  /** The SMTP relay (AUTH user SMTP_Injection, password an API key). */
  smtpPort: number;
  /** The inbound MX (bounces and complaints). */
  mxPort: number;
  dns: TestDnsServer;
  receiver: SmtpReceiver;
  /** Its DATA_DIR: operator commands reach it there (helpers.ts runAdminIn). */
  dataDir: string;
  /** Stops the server, then the DNS and SMTP servers, and removes the data directory. */
  stop(): Promise<void>;
}

export interface EngineServerOptions {
  /** Extra or overriding environment of the server (MAIL_MODE, SMTP_HOSTNAME, LOG_LEVEL ...). */
  env?: Record<string, string>;
  /** How long to wait for /v1/ping (default 60 s). */
  startTimeoutMs?: number;
}

const root = resolve(import.meta.dirname, '../../..');

/** The project's Node 24 (type stripping), whichever Node runs Playwright. */
function projectNode(): string {
  const node = resolve(root, 'node_modules/.bin/node');
  return existsSync(node) ? node : process.execPath;
}

async function waitForPing(url: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the engine server exited with ${child.exitCode} before answering:\n${log()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the engine server did not answer ${url} within ${timeoutMs} ms:\n${log()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startEngineServer(options: EngineServerOptions = {}): Promise<EngineServer> {
  const dns = await startTestDnsServer();
  const receiver = await startSmtpReceiver();
  const [port, smtpPort, mxPort, sitesPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-engine-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const sitesURL = `http://127.0.0.1:${sitesPort}`;
  const child = spawn(projectNode(), ['server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      SMTP_PORT: String(smtpPort),
      MX_PORT: String(mxPort),
      SITES_PORT: String(sitesPort),
      SITES_URL: sitesURL,
      DATA_DIR: dataDir,
      MAIL_MODE: 'capture',
      SECRET: process.env.E2E_SECRET ?? randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      DNS_SERVERS: dns.address,
      DELIVERY_PORT: String(receiver.port),
      DELIVERY_PRIVATE_NETWORKS: 'allow',
      // Today's console unless the spec asks for the full product (env: { APP_VARIANT: 'full' }).
      APP_VARIANT: 'smtp',
      ...options.env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const cleanUp = async () => {
    await stopProcess(child);
    await Promise.allSettled([dns.close(), receiver.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForPing(`${baseURL}/v1/ping`, child, () => stderr, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { baseURL, sitesURL, smtpPort, mxPort, dns, receiver, dataDir, stop: cleanUp };
}

/**
 * Playwright's `test` with a worker-scoped `engine` (one server per worker, stopped at its end) and
 * `baseURL` pointed at it. Options: `test.use({ engineOptions: { env: { MAIL_MODE: 'deliver' } } })`.
 */
// biome-ignore lint/complexity/noBannedTypes: Playwright's way to say "no test-scoped fixtures of its own"
export const test = base.extend<{}, { engine: EngineServer; engineOptions: EngineServerOptions }>({
  engineOptions: [{}, { scope: 'worker', option: true }],
  engine: [
    async ({ engineOptions }, use) => {
      const server = await startEngineServer(engineOptions);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ engine }, use) => {
    await use(engine.baseURL);
  },
});

export { expect } from '@playwright/test';
