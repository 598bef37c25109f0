import pg from 'pg';
import type { Db } from '../../server/src/db/db.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';

/**
 * Runs `measure` on a PostgreSQL database of its own (`prefix` and the process id), created on the
 * server of `serverUrl` and dropped afterwards, whatever happens; `measure` gets its Db and URL.
 */
export async function onOwnPostgres<T>(
  serverUrl: string,
  prefix: string,
  measure: (db: Db, url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString());
    try {
      return await measure(db, url.toString());
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
