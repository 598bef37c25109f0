import type { ContactFieldType } from '@app/contract/marketing/contacts';
import type { Db } from '../../db/db.ts';

export interface FieldRow {
  id: string;
  name: string;
  tag: string;
  type: ContactFieldType;
  choices: string[] | null;
  created_at: Date;
}

const columns = 'id::text AS id, name, tag, type, choices, created_at';

/** The `contact_fields` table (the company's custom fields) and their values in `contacts.fields`. */
export const fieldStore = {
  /** The company's custom fields, oldest first. */
  list: (db: Db, companyId: string) =>
    db.query<FieldRow>(
      `SELECT ${columns} FROM contact_fields WHERE company_id = $1 ORDER BY created_at, contact_fields.id`,
      [companyId],
    ),

  /** Undefined when the company has a field with the tag already. */
  insert: (
    tx: Db,
    field: {
      companyId: string;
      name: string;
      tag: string;
      type: ContactFieldType;
      choices?: string[] | undefined;
      now: Date;
    },
  ) =>
    tx.maybeOne<FieldRow>(
      `INSERT INTO contact_fields (company_id, name, tag, type, choices, created_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (company_id, tag) DO NOTHING
       RETURNING ${columns}`,
      [
        field.companyId,
        field.name,
        field.tag,
        field.type,
        field.choices ? JSON.stringify(field.choices) : null,
        field.now,
      ],
    ),

  /** Removes the field and every contact's value of it; false when the company has no such field. */
  async remove(tx: Db, companyId: string, id: string): Promise<boolean> {
    const removed = await tx.query(
      'DELETE FROM contact_fields WHERE company_id = $1 AND id = $2 RETURNING 1',
      [companyId, id],
    );
    if (removed.length === 0) return false;
    await tx.query(
      'UPDATE contacts SET fields = fields - $2::text WHERE company_id = $1 AND fields ? $2::text',
      [companyId, id],
    );
    return true;
  },
};
