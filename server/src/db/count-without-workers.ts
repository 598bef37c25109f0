import type { Db } from './db.ts';

/**
 * A `SELECT count(*)::int AS count …` run without parallel workers. Starting PostgreSQL's workers
 * costs more than the scan they would share at a company's million contacts: 900,000 index entries
 * counted in 33 ms alone and in 86–101 ms with two workers, a jsonb field rule in 185 ms against
 * 229 ms (PostgreSQL 15, the 2-core bench machine). PGlite has no workers; the setting is harmless there.
 */
export function countWithoutWorkers(db: Db, sql: string, params: unknown[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SET LOCAL max_parallel_workers_per_gather = 0');
    return (await tx.one<{ count: number }>(sql, params)).count;
  });
}
