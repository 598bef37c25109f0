import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type OurServer, startOurServer } from './our-server.ts';
import { onCleanup } from './processes.ts';

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database on the server of `url` (the bench's reused database keeps every message the
 * ingest runs accepted, which a delivering server would start to send). Dropped by drop() or at the
 * end of the run.
 */
export async function freshDatabase(url: string): Promise<FreshDatabase | { reason: string }> {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  try {
    await run(url, `CREATE DATABASE ${name}`);
  } catch (error) {
    return {
      reason: `could not create a fresh database beside BENCH_DATABASE_URL: ${(error as Error).message}`,
    };
  }
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await run(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  onCleanup(drop);
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return { url: fresh.toString(), drop };
}

/**
 * Starts our server on an empty database (PGlite in a temp dir, or a fresh PostgreSQL database beside
 * `databaseUrl`) with `env`, runs `use` with it (or with the reason it did not start), then stops it
 * and drops the database.
 */
export async function withFreshServer<T>(
  root: string,
  databaseUrl: string | undefined,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  use: (server: OurServer | { reason: string }) => Promise<T>,
): Promise<T> {
  const database = databaseUrl ? await freshDatabase(databaseUrl) : undefined;
  if (database && 'reason' in database) return use(database);
  try {
    const started = await startOurServer(root, database?.url, log, env);
    if ('reason' in started) return await use(started);
    try {
      return await use(started.server);
    } finally {
      await started.server.stop();
    }
  } finally {
    await database?.drop();
  }
}
