import type { Db } from './db.ts';

/** Rows one DELETE statement removes at most: each slice holds its locks for milliseconds. */
export const rowsPerDeleteSlice = 5000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes the rows of `table` matching `where` (parameters `$1`...), `rowsPerSlice` at a time by
 * `key`, each slice its own statement (committed on its own outside a transaction) with a turn of
 * the event loop between slices, so other queries, and on PGlite other statements, run in between.
 * Returns how many rows went. `key` is the key's column list (e.g. `job_id, position`). `table`,
 * `key` and `where` are the caller's SQL, never user input.
 */
export async function deleteInSlices(
  db: Db,
  table: string,
  key: string,
  where: string,
  params: unknown[],
  rowsPerSlice = rowsPerDeleteSlice,
): Promise<number> {
  const sql = `WITH gone AS (
      DELETE FROM ${table} WHERE (${key}) IN (
        SELECT ${key} FROM ${table} WHERE ${where} LIMIT $${params.length + 1}
      ) RETURNING 1
    ) SELECT count(*)::int AS count FROM gone`;
  let deleted = 0;
  for (;;) {
    const { count } = await db.one<{ count: number }>(sql, [...params, rowsPerSlice]);
    deleted += count;
    if (count < rowsPerSlice) return deleted;
    await nextTurn();
  }
}
