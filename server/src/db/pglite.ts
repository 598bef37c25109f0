import type { PGlite, Transaction } from '@electric-sql/pglite';
import { channelHandlers, createDb, type Db, type Queryable } from './db.ts';
import { createPglite } from './pglite-instance.ts';

export const inMemory = 'memory://';

/**
 * Embedded PostgreSQL (WASM) stored in `dataDir`, or in memory for `memory://`. `fsync` makes each
 * commit survive a power loss (see pglite-instance.ts).
 */
export async function openPglite(dataDir: string, options: { fsync?: boolean } = {}): Promise<Db> {
  const pg = await createPglite(dataDir === inMemory ? undefined : dataDir, options.fsync ?? false);
  const channels = channelHandlers(async (channel) => {
    await pg.listen(channel, (payload) => channels.deliver(channel, payload));
  });
  return createDb({
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    listen: channels.listen,
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
