import type { Db } from './db.ts';

/**
 * How a count or a capped read may be planned, each a `SET LOCAL` in the statement's own short
 * transaction:
 * - `costlyWorkers`: PostgreSQL's parallel workers start slowly, so their setup is priced at 10,000
 *   (the default 1,000 made the planner start two workers to share an index-only count of a
 *   company's 900,000 subscribed contacts, 86–101 ms against 33 ms alone). A scan worth sharing, a
 *   million rows with a jsonb filter, still gets its workers. PGlite has no workers.
 * - `noTableScan`: the rows are found through an index. With a search matching a tenth of a million
 *   contacts, PostgreSQL 15 guessed that a table scan stopping at the cap was cheapest and matched
 *   the pattern on every row it passed (190 ms), where the search index finds the matching rows
 *   first (40 ms; bench:audience).
 */
const plans = {
  costlyWorkers: 'SET LOCAL parallel_setup_cost = 10000',
  noTableScan: 'SET LOCAL enable_seqscan = off',
} as const;

/** A query run under one of {@link plans}. */
export function plannedQuery<T extends object>(
  db: Db,
  plan: keyof typeof plans,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.query(plans[plan]);
    return tx.query<T>(sql, params);
  });
}

/** A `SELECT count(*)::int AS count …` run under one of {@link plans}. */
export async function plannedCount(
  db: Db,
  plan: keyof typeof plans,
  sql: string,
  params: unknown[],
): Promise<number> {
  const [counted] = await plannedQuery<{ count: number }>(db, plan, sql, params);
  return counted?.count ?? 0;
}
