import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export interface LabelRow {
  id: string;
  name: string;
  members: number;
  created_at: Date;
}

export interface LabelPageQuery {
  page: number;
  size: number;
  search?: string | undefined;
  sort: { column: 'name' | 'members' | 'createdAt'; descending: boolean };
}

const columns = 'id::text AS id, name, members::int AS members, created_at';
const orderColumns = { name: 'lower(name)', members: 'members', createdAt: 'created_at' } as const;

/**
 * The `contact_labels` table and the memberships: every statement scoped by the company. Each
 * membership change moves the label's `members` by what it really added or removed, in its statement.
 */
export function createLabelStore(db: Db) {
  return {
    async page(companyId: string, query: LabelPageQuery): Promise<{ rows: LabelRow[]; total: number }> {
      const params: unknown[] = [companyId];
      let condition = 'company_id = $1';
      if (query.search) {
        params.push(containsPattern(query.search));
        condition += ` AND name ILIKE $2 ESCAPE '\\'`;
      }
      const direction = query.sort.descending ? 'DESC' : 'ASC';
      const total = await db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM contact_labels WHERE ${condition}`,
        params,
      );
      const rows = await db.query<LabelRow>(
        `SELECT ${columns} FROM contact_labels WHERE ${condition}
         ORDER BY ${orderColumns[query.sort.column]} ${direction}, contact_labels.id ${direction}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.size, (query.page - 1) * query.size],
      );
      return { rows, total: total.total };
    },

    get: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<LabelRow>(`SELECT ${columns} FROM contact_labels WHERE company_id = $1 AND id = $2`, [
        companyId,
        id,
      ]),

    /** The ids of the label's contacts (at most `limit`). */
    memberIds: async (tx: Db, companyId: string, labelId: string, limit: number) =>
      (
        await tx.query<{ id: string }>(
          `SELECT contact_id::text AS id FROM contact_label_members
           WHERE company_id = $1 AND label_id = $2 ORDER BY contact_id LIMIT $3`,
          [companyId, labelId, limit],
        )
      ).map((row) => row.id),

    /** The company's labels among `ids`, by name. */
    named: (tx: Db, companyId: string, ids: readonly string[]) =>
      tx.query<{ id: string; name: string }>(
        `SELECT id::text AS id, name FROM contact_labels WHERE company_id = $1 AND id = ANY($2::bigint[])
         ORDER BY lower(name), id`,
        [companyId, ids],
      ),

    /** Which of `ids` are the company's labels. */
    owned: async (tx: Db, companyId: string, ids: readonly string[]) =>
      (
        await tx.query<{ id: string }>(
          'SELECT id::text AS id FROM contact_labels WHERE company_id = $1 AND id = ANY($2::bigint[])',
          [companyId, ids],
        )
      ).map((row) => row.id),

    /** Undefined when the company has a label of that name (in any case) already. */
    insert: (tx: Db, companyId: string, name: string, now: Date) =>
      tx.maybeOne<LabelRow>(
        `INSERT INTO contact_labels (company_id, name, created_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING ${columns}`,
        [companyId, name, now],
      ),

    /** Throws a unique violation when another label has the name. */
    rename: (tx: Db, companyId: string, id: string, name: string) =>
      tx.maybeOne<LabelRow>(
        `UPDATE contact_labels SET name = $3 WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        [companyId, id, name],
      ),

    remove: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<LabelRow>(
        `DELETE FROM contact_labels WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        [companyId, id],
      ),

    /** Puts the company's contacts among `contactIds` in the label (those already in stay as they are). */
    addMembers: (tx: Db, companyId: string, labelId: string, contactIds: readonly string[], now: Date) =>
      tx.maybeOne<LabelRow>(
        `WITH added AS (
           INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
           SELECT l.id, c.id, $1, $4::timestamptz FROM contact_labels l, contacts c
           WHERE l.company_id = $1 AND l.id = $2 AND c.company_id = $1 AND c.id = ANY($3::bigint[])
           ON CONFLICT DO NOTHING RETURNING 1
         )
         UPDATE contact_labels SET members = members + (SELECT count(*) FROM added)
         WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        [companyId, labelId, contactIds, now],
      ),

    removeMembers: (tx: Db, companyId: string, labelId: string, contactIds: readonly string[]) =>
      tx.maybeOne<LabelRow>(
        `WITH removed AS (
           DELETE FROM contact_label_members
           WHERE company_id = $1 AND label_id = $2 AND contact_id = ANY($3::bigint[]) RETURNING 1
         )
         UPDATE contact_labels SET members = members - (SELECT count(*) FROM removed)
         WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        [companyId, labelId, contactIds],
      ),

    /** The company's contacts among `contactIds` leave every label (before they are deleted). */
    leaveAll: (tx: Db, companyId: string, contactIds: readonly string[]) =>
      tx.query(
        `WITH removed AS (
           DELETE FROM contact_label_members WHERE company_id = $1 AND contact_id = ANY($2::bigint[])
           RETURNING label_id
         ),
         counts AS (SELECT label_id, count(*)::int AS n FROM removed GROUP BY label_id)
         UPDATE contact_labels l SET members = l.members - counts.n
         FROM counts WHERE l.company_id = $1 AND l.id = counts.label_id`,
        [companyId, contactIds],
      ),

    /** When the contact joined each of its labels: its timeline's entries. */
    joinedOf: (db: Db, companyId: string, contactId: string) =>
      db.query<{ name: string; added_at: Date }>(
        `SELECT l.name, m.added_at FROM contact_label_members m JOIN contact_labels l ON l.id = m.label_id
         WHERE m.company_id = $1 AND m.contact_id = $2 ORDER BY m.added_at DESC LIMIT 100`,
        [companyId, contactId],
      ),

    /** The contact's labels become exactly the company's labels among `labelIds` (none: it leaves every label). */
    async setContactLabels(
      tx: Db,
      companyId: string,
      contactId: string,
      labelIds: readonly string[],
      now: Date,
    ) {
      await tx.query(
        `WITH wanted AS (
           SELECT l.id FROM contact_labels l, contacts c
           WHERE l.company_id = $1 AND l.id = ANY($3::bigint[]) AND c.company_id = $1 AND c.id = $2
         ),
         removed AS (
           DELETE FROM contact_label_members
           WHERE company_id = $1 AND contact_id = $2 AND label_id NOT IN (SELECT id FROM wanted)
           RETURNING label_id
         ),
         added AS (
           INSERT INTO contact_label_members (label_id, contact_id, company_id, added_at)
           SELECT id, $2, $1, $4::timestamptz FROM wanted
           ON CONFLICT DO NOTHING RETURNING label_id
         ),
         changes AS (
           SELECT label_id, -1 AS delta FROM removed UNION ALL SELECT label_id, 1 FROM added
         )
         UPDATE contact_labels l SET members = l.members + changes.delta
         FROM changes WHERE l.company_id = $1 AND l.id = changes.label_id`,
        [companyId, contactId, labelIds, now],
      );
    },

    /** The labels of each of the company's contacts among `contactIds`, by name. */
    labelsOf: (tx: Db, companyId: string, contactIds: readonly string[]) =>
      tx.query<{ contact_id: string; id: string; name: string }>(
        `SELECT m.contact_id::text AS contact_id, l.id::text AS id, l.name
         FROM contact_label_members m JOIN contact_labels l ON l.id = m.label_id
         WHERE m.company_id = $1 AND m.contact_id = ANY($2::bigint[])
         ORDER BY lower(l.name), l.id`,
        [companyId, contactIds],
      ),
  };
}
