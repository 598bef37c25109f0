import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import { openPgliteWorker } from './pglite-worker.ts';
import { openPostgres } from './postgres.ts';

export function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onError?: (error: Error) => void,
  /** The embedded database's thread died: the process cannot go on. */
  onFatal?: (error: Error) => void,
): Promise<Db> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { onError })
    : openPgliteWorker(config.dataDir, onFatal);
}
