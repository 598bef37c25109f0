import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitUntil } from '../support/ports.ts';
import { onCleanup, runCommand, startChild, summarizeOutput } from './processes.ts';

export const benchAccount = { name: 'Bench', email: 'bench@bench.test', password: 'Bench-passw0rd!' };
/** A second company: the neighbour whose latency the noisy-neighbour cases measure. */
const neighbourAccount = { name: 'Neighbour', email: 'neighbour@bench.test', password: 'Bench-passw0rd!' };
/** The domain the bench sends from (message.ts's benchEmail). */
export const benchSendingDomain = 'bench.test';

export interface OurServer {
  httpUrl: string;
  /** The sites server: published pages and the public Form API (SITES_PORT). */
  sitesUrl: string;
  smtpPort: number;
  apiKey: string;
  /** An all-grants key of a second company (the noisy-neighbour cases' company B). */
  neighbourKey: string;
  pid: number | undefined;
  /** Why the server is gone (exit code and its last output), or undefined while it runs. */
  died: () => string | undefined;
  stop: () => Promise<void>;
}

export type OurServerStart = { server: OurServer } | { reason: string };

/** Node 24 from the `node` devDependency; the harness itself may run on it already. */
export function nodeBinary(root: string): string {
  const local = path.join(root, 'node_modules', '.bin', 'node');
  return existsSync(local) ? local : process.execPath;
}

const lastLine = (text: string) => text.trim().split('\n').at(-1)?.trim() ?? '';

/**
 * Prepares the account with the operator CLI (which opens the database itself while no server
 * runs), then starts `server/src/main.ts`.
 */
export async function startOurServer(
  root: string,
  databaseUrl: string | undefined,
  log: (line: string) => void,
  /** More settings for the server and the CLI, e.g. PGLITE_FSYNC. */
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<OurServerStart> {
  const node = nodeBinary(root);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-data-'));
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
    MAIL_MODE: 'capture',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    ...extraEnv,
  };
  const cli = path.join(root, 'server', 'src', 'cli', 'admin.ts');
  const admin = (args: string[]) => runCommand(node, [cli, ...args], { env });

  const help = await admin(['--help']);
  const needed = ['create-company', 'create-api-key', 'set-plan', 'set-environment'];
  const missing = needed.filter((command) => !help.stdout.includes(command));
  if (help.code !== 0 || missing.length > 0) {
    return {
      reason:
        help.code !== 0
          ? `operator CLI failed: ${summarizeOutput(help.stderr)}`
          : `operator CLI has no ${missing.join(', ')} yet (engine not landed)`,
    };
  }

  /** The account's company (kept from an earlier run on a reused PostgreSQL database) and a new key of it. */
  const companyWithKey = async ({
    name,
    email,
    password,
  }: typeof benchAccount): Promise<{ apiKey: string } | { reason: string }> => {
    const company = await admin(['create-company', '--name', name, '--email', email, '--password', password]);
    if (company.code !== 0 && !(databaseUrl && /already|exists|taken/i.test(company.stderr))) {
      return { reason: `create-company failed: ${summarizeOutput(company.stderr)}` };
    }
    const key = await admin(['create-api-key', '--email', email, '--label', 'bench']);
    const apiKey = lastLine(key.stdout);
    if (key.code !== 0 || apiKey === '' || /\s/.test(apiKey)) {
      return { reason: `create-api-key failed: ${summarizeOutput(key.stderr || key.stdout)}` };
    }
    return { apiKey };
  };
  const bench = await companyWithKey(benchAccount);
  if ('reason' in bench) return bench;
  const neighbour = await companyWithKey(neighbourAccount);
  if ('reason' in neighbour) return neighbour;
  const { apiKey } = bench;
  const { email } = benchAccount;
  for (const args of [
    ['set-plan', '--email', email, '--plan', 'UNLIMITED'],
    ['set-environment', '--email', email, '--environment', 'production'],
  ]) {
    const changed = await admin(args);
    if (changed.code !== 0) return { reason: `${args[0]} failed: ${summarizeOutput(changed.stderr)}` };
  }
  // Production sends need a verified sending domain once the operator CLI can add one.
  if (help.stdout.includes('add-sending-domain')) {
    const args = ['add-sending-domain', '--email', email, '--domain', benchSendingDomain, '--verified'];
    const added = await admin(args);
    if (added.code !== 0 && !(databaseUrl && /already|exists|taken/i.test(added.stderr))) {
      return { reason: `add-sending-domain failed: ${summarizeOutput(added.stderr || added.stdout)}` };
    }
  }

  const [port, smtpPort, mxPort, sitesPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  log(`starting our server (HTTP ${port}, SMTP ${smtpPort})...`);
  const server = startChild(node, [path.join(root, 'server', 'src', 'main.ts')], {
    ...env,
    HOST: '127.0.0.1',
    PORT: String(port),
    SMTP_PORT: String(smtpPort),
    MX_PORT: String(mxPort),
    SITES_PORT: String(sitesPort),
  });
  const httpUrl = `http://127.0.0.1:${port}`;
  const notReady = await waitUntil(
    async () => (await fetch(`${httpUrl}/v1/ping`).catch(() => undefined))?.status === 200,
    90_000,
    () => (server.process.exitCode === null ? undefined : `server exited ${server.process.exitCode}`),
  );
  if (notReady) {
    await server.stop();
    return { reason: `our server did not start (${notReady}): ${summarizeOutput(server.output())}` };
  }
  const died = () =>
    server.process.exitCode === null && server.process.signalCode === null
      ? undefined
      : `our server exited (${server.process.exitCode ?? server.process.signalCode}): ${summarizeOutput(server.output())}`;
  return {
    server: {
      httpUrl,
      sitesUrl: `http://127.0.0.1:${sitesPort}`,
      smtpPort,
      apiKey,
      neighbourKey: neighbour.apiKey,
      pid: server.process.pid,
      died,
      stop: server.stop,
    },
  };
}
