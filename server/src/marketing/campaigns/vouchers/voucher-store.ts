import type { Db } from '../../../db/db.ts';

export interface VoucherListRow {
  id: string;
  name: string;
  label_id: string | null;
  prefix: string;
  codes: number;
  created_at: Date;
}

const columns = 'id::text AS id, name, label_id::text AS label_id, prefix, codes, created_at';

/**
 * A random code of the list for each of `contactIds` without one (10 capitals and digits after the
 * prefix; one that happens to repeat another is drawn again).
 */
async function drawCodes(tx: Db, listId: string, prefix: string, contactIds: readonly string[]) {
  let missing = contactIds;
  for (let draw = 0; draw < 5 && missing.length > 0; draw += 1) {
    await tx.query(
      `INSERT INTO vouchers (list_id, contact_id, code)
       SELECT $1, contact_id, $3 || upper(substr(md5(random()::text || contact_id::text), 1, 10))
       FROM unnest($2::bigint[]) AS m (contact_id)
       ON CONFLICT DO NOTHING`,
      [listId, missing, prefix],
    );
    const given = new Set(
      (
        await tx.query<{ id: string }>(
          'SELECT contact_id::text AS id FROM vouchers WHERE list_id = $1 AND contact_id = ANY($2::bigint[])',
          [listId, missing],
        )
      ).map((row) => row.id),
    );
    missing = missing.filter((contactId) => !given.has(contactId));
  }
}

/** The voucher lists and their codes: every statement scoped by the company, or by a list it owns. */
export const voucherStore = {
  list: (db: Db, companyId: string) =>
    db.query<VoucherListRow>(
      `SELECT ${columns} FROM voucher_lists WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 200`,
      [companyId],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<VoucherListRow>(`SELECT ${columns} FROM voucher_lists WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  /** A new list with a random code for each of `contactIds` (see drawCodes), counted as they are. */
  async create(
    tx: Db,
    companyId: string,
    list: { name: string; labelId: string; prefix: string; contactIds: readonly string[]; now: Date },
  ): Promise<VoucherListRow> {
    const { id } = await tx.one<{ id: string }>(
      `INSERT INTO voucher_lists (company_id, name, label_id, prefix, codes, created_at)
       VALUES ($1, $2, $3, $4, 0, $5) RETURNING id::text AS id`,
      [companyId, list.name, list.labelId, list.prefix, list.now],
    );
    await drawCodes(tx, id, list.prefix, list.contactIds);
    return tx.one<VoucherListRow>(
      `UPDATE voucher_lists SET codes = (SELECT count(*) FROM vouchers WHERE list_id = $1)
       WHERE id = $1 RETURNING ${columns}`,
      [id],
    );
  },

  remove: async (db: Db, companyId: string, id: string) =>
    (
      await db.query('DELETE FROM voucher_lists WHERE company_id = $1 AND id = $2 RETURNING id', [
        companyId,
        id,
      ])
    ).length > 0,

  codeOf: async (db: Db, listId: string, contactId: string) =>
    (
      await db.maybeOne<{ code: string }>(
        'SELECT code FROM vouchers WHERE list_id = $1 AND contact_id = $2',
        [listId, contactId],
      )
    )?.code,

  /** A code for each of `contactIds` without one (contacts who joined the list's label since), counted. */
  async give(
    db: Db,
    list: Pick<VoucherListRow, 'id' | 'prefix'>,
    contactIds: readonly string[],
  ): Promise<void> {
    if (contactIds.length === 0) return;
    await db.transaction(async (tx) => {
      await drawCodes(tx, list.id, list.prefix, contactIds);
      await tx.query(
        'UPDATE voucher_lists SET codes = (SELECT count(*) FROM vouchers WHERE list_id = $1) WHERE id = $1',
        [list.id],
      );
    });
  },

  /** The codes of the contacts among `contactIds`, by contact (a send's batch). */
  async codesOf(db: Db, listId: string, contactIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await db.query<{ contact_id: string; code: string }>(
      'SELECT contact_id::text AS contact_id, code FROM vouchers WHERE list_id = $1 AND contact_id = ANY($2::bigint[])',
      [listId, contactIds],
    );
    return new Map(rows.map((row) => [row.contact_id, row.code]));
  },
};
