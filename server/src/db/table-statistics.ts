import type { Db } from './db.ts';

/** Tables whose planner statistics the app gathers itself as they grow. */
export type GrowingTable = 'message_events' | 'contacts';

/**
 * Fresh planner statistics for a table once it has grown by a tenth since they were gathered
 * (autovacuum's rule); answers whether it gathered them. PostgreSQL's autovacuum does this too; the
 * embedded database has none, and without statistics its planner guesses: it sorted every match of an
 * event filter (tests/bench/events-search.ts) and read an import's whole address index for each slice.
 * `statisticsTarget` samples fewer rows than the default 100 (300 rows per unit): on the embedded
 * database, whose one connection every other query waits for, ANALYZE of a million contacts took
 * 284 ms at 100 and 77 ms at 30; PostgreSQL's own autovacuum later gathers them at its full target.
 */
export async function analyzeWhenGrown(
  db: Db,
  table: GrowingTable,
  statisticsTarget?: number,
): Promise<boolean> {
  const { grown } = await db.one<{ grown: boolean }>(
    `SELECT pg_relation_size(oid) / current_setting('block_size')::int > relpages * 1.1 + 100 AS grown
     FROM pg_class WHERE oid = $1::regclass`,
    [table],
  );
  if (!grown) return false;
  // The name comes from the fixed list above.
  if (statisticsTarget === undefined) await db.exec(`ANALYZE ${table}`);
  else {
    await db.transaction((tx) =>
      tx.exec(`SET LOCAL default_statistics_target = ${Math.trunc(statisticsTarget)}; ANALYZE ${table}`),
    );
  }
  return true;
}
