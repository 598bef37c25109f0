import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type EngineServer, startEngineServer } from '../e2e/support/engine-server.ts';
import { recipientDomains } from './catalogue.ts';

const root = resolve(import.meta.dirname, '../..');
const node = existsSync(join(root, 'node_modules/.bin/node'))
  ? join(root, 'node_modules/.bin/node')
  : process.execPath;

export interface SeedServer {
  engine: EngineServer;
  /** Runs an operator command (npm run admin) on the server's data, returns its output. */
  admin(...args: string[]): Promise<string>;
  /** Stops the server and removes its data (DATA_DIR, or the database made for it). */
  stop(): Promise<void>;
}

export interface SeedServerOptions {
  /**
   * A PostgreSQL server (`postgres://user@host:port/db`) to make a fresh database on for this
   * server (dropped at stop); embedded PGlite in a temporary DATA_DIR when absent.
   */
  databaseUrl?: string;
  env?: Record<string, string>;
}

/** A new database on the server of `url`, and how to drop it. */
async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `seed_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { url: own.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * An engine server that really delivers (MAIL_MODE=deliver) to the test SMTP receiver: every seeded
 * recipient domain has an MX on loopback in the test DNS. The operator CLI reaches its data through
 * its DATA_DIR's control socket (PGlite) or the database itself (PostgreSQL).
 */
export async function startSeedServer(options: SeedServerOptions = {}): Promise<SeedServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'seed-data-'));
  const database = options.databaseUrl ? await freshDatabase(options.databaseUrl) : undefined;
  // The e2e helpers derive keys (captured mail) from E2E_SECRET: one secret for the server and them.
  process.env.E2E_SECRET ??= randomBytes(32).toString('base64url');
  const dataEnv: Record<string, string> = database ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir };
  // Seeded data needs no power-loss safety: PGlite without fsync delivers faster.
  const engine = await startEngineServer({
    env: {
      MAIL_MODE: 'deliver',
      RATE_LIMIT_PER_MINUTE: '0',
      PGLITE_FSYNC: 'off',
      ...dataEnv,
      ...options.env,
    },
    startTimeoutMs: 120_000,
  }).catch(async (error: unknown) => {
    await database?.drop();
    throw error;
  });
  for (const [domain] of recipientDomains) {
    engine.dns.set(domain, { MX: [{ exchange: `mx.${domain}`, priority: 10 }] });
    engine.dns.set(`mx.${domain}`, { A: ['127.0.0.1'] });
  }
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const admin = async (...args: string[]) => {
    const { stdout } = await promisify(execFile)(node, ['server/src/cli/admin.ts', ...args], {
      cwd: root,
      env: { ...inherited, DATA_DIR: dataDir, ...dataEnv, SECRET: process.env.E2E_SECRET, LOG_LEVEL: 'warn' },
    });
    return stdout;
  };
  return {
    engine,
    admin,
    stop: async () => {
      await engine.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** On Ctrl+C (or SIGTERM) runs `stop` once, then exits: the server's data does not outlive the command. */
export function stopOnSignal(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stop().then(() => process.exit(130));
    });
  }
}
