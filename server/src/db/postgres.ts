import pg from 'pg';
import { createDb, type Db, type Queryable } from './db.ts';

export interface PostgresOptions {
  /** Schema to use instead of public (tests give each run its own). */
  searchPath?: string;
  onError?: (error: Error) => void;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onError?.(error));
  await pool.query('SELECT 1');
  return createDb({
    ...queryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  });
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async (sql, params) => (await target.query(sql, params)).rows,
    exec: async (sql) => {
      await target.query(sql);
    },
  };
}
