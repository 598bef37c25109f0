import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Where one crash run keeps its data; both the server process and the test read it through `env`. */
export interface CrashStorage {
  /** DATA_DIR always (PGlite files or the relay's TLS certificate); DATABASE_URL empty for PGlite. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  dispose(): Promise<void>;
}

export interface CrashTarget {
  name: string;
  create(): Promise<CrashStorage>;
}

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'crash-'));
}

export const pgliteTarget: CrashTarget = {
  name: 'pglite',
  create: async () => {
    const dir = await tempDir();
    return {
      env: { DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
      dispose: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

/** A whole database per run (not a schema): the server is a separate process that knows only DATABASE_URL. */
export function postgresTarget(adminUrl: string): CrashTarget {
  const withAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    name: 'postgres',
    create: async () => {
      const name = `crash_${randomBytes(6).toString('hex')}`;
      const dir = await tempDir();
      await withAdmin(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATA_DIR: join(dir, 'data'), DATABASE_URL: url.toString() },
        dispose: async () => {
          try {
            await withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const crashTargets: CrashTarget[] = [
  pgliteTarget,
  ...(process.env.TEST_DATABASE_URL ? [postgresTarget(process.env.TEST_DATABASE_URL)] : []),
];
