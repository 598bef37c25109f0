import type { Config } from '../config.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import type { Db } from './db.ts';
import { openPgliteWorker } from './pglite-worker.ts';
import { openPostgres } from './postgres.ts';

/**
 * The server's database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR on its own
 * thread, opened only after taking DATA_DIR's lock (throws DataDirInUse when another process holds
 * it); closing the database releases the lock.
 */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgliteFsync'>,
  onError?: (error: Error) => void,
  /** The embedded database's thread died: the process cannot go on. */
  onFatal?: (error: Error) => void,
): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { onError });
  const lock = acquireDataDirLock(config.dataDir);
  let db: Db;
  try {
    db = await openPgliteWorker(config.dataDir, { fsync: config.pgliteFsync, onFatal, onError });
  } catch (error) {
    lock.release();
    throw error;
  }
  return {
    ...db,
    close: async () => {
      try {
        await db.close();
      } finally {
        lock.release();
      }
    },
  };
}
