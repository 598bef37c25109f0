import type { Db } from './db.ts';

/** Tables whose planner statistics the app gathers itself. */
export type AnalyzedTable = 'message_events' | 'contacts' | 'contact_import_rows' | 'campaign_recipients';

/**
 * Gathers a table's planner statistics, from a sample of 300 × `sampleTarget` rows when given (the
 * default target is 100). A smaller sample is quicker: ANALYZE of a million contacts took 284 ms at
 * 100 and 77 ms at 30 on the embedded database, where every other query waits for it.
 */
export async function analyze(db: Db, table: AnalyzedTable, sampleTarget?: number): Promise<void> {
  // The name comes from the fixed list above.
  if (sampleTarget === undefined) await db.exec(`ANALYZE ${table}`);
  else {
    await db.transaction((tx) =>
      tx.exec(`SET LOCAL default_statistics_target = ${Math.trunc(sampleTarget)}; ANALYZE ${table}`),
    );
  }
}

/** Whether PostgreSQL's autovacuum runs on this database (never on the embedded one; a server may turn it off). */
export async function autovacuumRuns(db: Db): Promise<boolean> {
  const { runs } = await db.one<{ runs: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher') AS runs",
  );
  return runs;
}

/**
 * Fresh planner statistics for a table once it has grown by a tenth since they were gathered
 * (autovacuum's rule); answers whether it gathered them. Without statistics the embedded database's
 * planner guesses: it sorted every match of an event filter (tests/bench/events-search.ts) and read
 * an import's whole address index for each slice. With `sampleTarget`, only where autovacuum does not
 * run: where it does, it gathers them at its full target (and a manual ANALYZE resets its count).
 */
export async function analyzeWhenGrown(
  db: Db,
  table: AnalyzedTable,
  sampleTarget?: number,
): Promise<boolean> {
  if (sampleTarget !== undefined && (await autovacuumRuns(db))) return false;
  const { grown } = await db.one<{ grown: boolean }>(
    `SELECT pg_relation_size(oid) / current_setting('block_size')::int > relpages * 1.1 + 100 AS grown
     FROM pg_class WHERE oid = $1::regclass`,
    [table],
  );
  if (grown) await analyze(db, table, sampleTarget);
  return grown;
}
