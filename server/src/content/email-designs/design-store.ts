import type { EmailDesign } from '@app/contract/editor/design';
import type { Db } from '../../db/db.ts';

/** Which account's template a design belongs to. */
export interface DesignKey {
  companyId: string;
  subaccountId: number;
  templateId: string;
}

export interface StoredDesignRow {
  design: EmailDesign;
  revision: number;
  updatedAt: Date;
}

const where = 'company_id = $1 AND subaccount_id = $2 AND template_id = $3';
const keyParams = (key: DesignKey) => [key.companyId, key.subaccountId, key.templateId];

/**
 * Templates' design documents (table email_designs). Each method takes the Db to run on, so a save
 * writes the design and the engine template in one transaction.
 */
export const designStore = {
  async get(db: Db, key: DesignKey, lock = false): Promise<StoredDesignRow | undefined> {
    const row = await db.maybeOne<{ design: EmailDesign; revision: number; updated_at: Date }>(
      `SELECT design, revision, updated_at FROM email_designs WHERE ${where}${lock ? ' FOR UPDATE' : ''}`,
      keyParams(key),
    );
    return row && { design: row.design, revision: row.revision, updatedAt: row.updated_at };
  },

  /** Writes revision `revision`; false when another save got there first. */
  async put(db: Db, key: DesignKey, design: EmailDesign, revision: number, at: Date): Promise<boolean> {
    const rows =
      revision === 1
        ? await db.query(
            `INSERT INTO email_designs (company_id, subaccount_id, template_id, design, schema_version, revision, updated_at)
             VALUES ($1, $2, $3, $4::jsonb, $5, 1, $6) ON CONFLICT DO NOTHING RETURNING revision`,
            [...keyParams(key), JSON.stringify(design), design.version, at],
          )
        : await db.query(
            `UPDATE email_designs SET design = $4::jsonb, schema_version = $5, revision = $6, updated_at = $7
             WHERE ${where} AND revision = $6 - 1 RETURNING revision`,
            [...keyParams(key), JSON.stringify(design), design.version, revision, at],
          );
    return rows.length > 0;
  },

  /**
   * The templates (ids, at most 20) whose design shows file `mediaId` of the account: its address,
   * /media/{id}/{name}, names the id.
   */
  async usingMedia(db: Db, owner: Omit<DesignKey, 'templateId'>, mediaId: string): Promise<string[]> {
    const rows = await db.query<{ template_id: string }>(
      `SELECT template_id FROM email_designs
       WHERE company_id = $1 AND subaccount_id = $2 AND strpos(design::text, $3) > 0
       ORDER BY template_id LIMIT 20`,
      [owner.companyId, owner.subaccountId, `/media/${mediaId}/`],
    );
    return rows.map((row) => row.template_id);
  },
};
