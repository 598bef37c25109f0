import type { SegmentGroup } from '@app/contract/marketing/segments';
import type { Db } from '../../../db/db.ts';
import { containsPattern } from '../../../db/like-pattern.ts';
import { plannedCount } from '../../../db/planned-query.ts';

export interface SegmentRow {
  id: string;
  name: string;
  rules: SegmentGroup;
  created_at: Date;
  updated_at: Date;
}

const columns = 'id::text AS id, name, rules, created_at, updated_at';

/** The `contact_segments` table, every statement scoped by the company. */
export const segmentStore = {
  /** Undefined when the company has a segment of that name. */
  insert: (db: Db, companyId: string, segment: { name: string; rules: SegmentGroup }, now: Date) =>
    db.maybeOne<SegmentRow>(
      `INSERT INTO contact_segments (company_id, name, rules, created_at, updated_at) VALUES ($1, $2, $3::jsonb, $4, $4)
       ON CONFLICT (company_id, lower(name)) DO NOTHING RETURNING ${columns}`,
      [companyId, segment.name, JSON.stringify(segment.rules), now],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<SegmentRow>(`SELECT ${columns} FROM contact_segments WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  update: (
    db: Db,
    companyId: string,
    id: string,
    change: { name?: string; rules?: SegmentGroup },
    now: Date,
  ) =>
    db.maybeOne<SegmentRow>(
      `UPDATE contact_segments SET name = COALESCE($3, name), rules = COALESCE($4::jsonb, rules), updated_at = $5
       WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
      [companyId, id, change.name ?? null, change.rules ? JSON.stringify(change.rules) : null, now],
    ),

  remove: async (db: Db, companyId: string, id: string) =>
    (
      await db.query('DELETE FROM contact_segments WHERE company_id = $1 AND id = $2 RETURNING 1', [
        companyId,
        id,
      ])
    ).length > 0,

  async page(db: Db, companyId: string, query: { page: number; size: number; search?: string | undefined }) {
    const params: unknown[] = [companyId];
    let where = 'company_id = $1';
    if (query.search) {
      params.push(containsPattern(query.search));
      where += ` AND name ILIKE $${params.length} ESCAPE '\\'`;
    }
    const [rows, total] = await Promise.all([
      db.query<SegmentRow>(
        `SELECT ${columns} FROM contact_segments WHERE ${where} ORDER BY lower(name), contact_segments.id
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.size, (query.page - 1) * query.size],
      ),
      db.one<{ count: number }>(`SELECT count(*)::int AS count FROM contact_segments WHERE ${where}`, params),
    ]);
    return { rows, total: total.count };
  },

  /** How many of the company's contacts meet `condition` (a compiled segment, its parameters after the company's). */
  count: async (db: Db, companyId: string, condition: (params: unknown[]) => string) => {
    const params: unknown[] = [companyId];
    const where = condition(params);
    return plannedCount(
      db,
      'costlyWorkers',
      `SELECT count(*)::int AS count FROM contacts WHERE company_id = $1 AND ${where}`,
      params,
    );
  },
};
