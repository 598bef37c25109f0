import type { Db } from '../../../db/db.ts';

export interface CategoryRow {
  id: string;
  name: string;
  campaigns: number;
  created_at: Date;
}

const counted = `SELECT k.id::text AS id, k.name, k.created_at,
  (SELECT count(*)::int FROM campaigns c WHERE c.category_id = k.id) AS campaigns
  FROM campaign_categories k`;

/** The campaign categories' SQL, each statement scoped by the company. */
export const categoryStore = {
  list: (db: Db, companyId: string) =>
    db.query<CategoryRow>(`${counted} WHERE k.company_id = $1 ORDER BY lower(k.name), k.id`, [companyId]),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<CategoryRow>(`${counted} WHERE k.company_id = $1 AND k.id = $2`, [companyId, id]),

  insert: (db: Db, companyId: string, name: string, now: Date) =>
    db.one<{ id: string }>(
      'INSERT INTO campaign_categories (company_id, name, created_at) VALUES ($1, $2, $3) RETURNING id::text AS id',
      [companyId, name, now],
    ),

  rename: (db: Db, companyId: string, id: string, name: string) =>
    db.maybeOne<{ id: string }>(
      'UPDATE campaign_categories SET name = $3 WHERE company_id = $1 AND id = $2 RETURNING id::text AS id',
      [companyId, id, name],
    ),

  /** True when the company's category was deleted (its campaigns keep going, without one). */
  remove: async (db: Db, companyId: string, id: string) =>
    (
      await db.query('DELETE FROM campaign_categories WHERE company_id = $1 AND id = $2 RETURNING 1', [
        companyId,
        id,
      ])
    ).length > 0,
};
