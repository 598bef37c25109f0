import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { createDb, type Db, type Queryable } from './db.ts';

export const inMemory = 'memory://';

/** Embedded PostgreSQL (WASM) stored in `dataDir`, or in memory for `memory://`. */
export async function openPglite(dataDir: string): Promise<Db> {
  if (dataDir !== inMemory) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir === inMemory ? undefined : dataDir);
  return createDb({
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    close: () => pg.close(),
  });
}

function queryable(target: PGlite | Transaction): Queryable {
  return {
    query: async (sql, params) => (await target.query<never>(sql, params)).rows,
    exec: async (sql) => {
      await target.exec(sql);
    },
  };
}
