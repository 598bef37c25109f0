import type { Db } from '../../../db/db.ts';

export interface DomainRow {
  id: string;
  company_id: string;
  name: string;
  verify_token: string;
  validated_at: Date | null;
  is_default: boolean;
  created_at: Date;
}

const domainColumns = 'id::text AS id, company_id, name, verify_token, validated_at, is_default, created_at';

/** Where a company's pages are found: its slug on the sites origin and its own domains (tables page_sites, page_domains). */
export const siteStore = {
  slugOf: async (db: Db, companyId: string) =>
    (await db.maybeOne<{ slug: string }>('SELECT slug FROM page_sites WHERE company_id = $1', [companyId]))
      ?.slug,

  /** Sets the company's slug; false when another company has it. */
  setSlug: async (db: Db, companyId: string, slug: string) =>
    (
      await db
        .query(
          `INSERT INTO page_sites (company_id, slug) VALUES ($1, $2)
         ON CONFLICT (company_id) DO UPDATE SET slug = excluded.slug
         WHERE NOT EXISTS (SELECT 1 FROM page_sites o WHERE o.slug = excluded.slug AND o.company_id <> $1)
         RETURNING slug`,
          [companyId, slug],
        )
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') return [];
          throw error;
        })
    ).length > 0,

  companyOfSlug: async (db: Db, slug: string) =>
    (await db.maybeOne<{ company_id: string }>('SELECT company_id FROM page_sites WHERE slug = $1', [slug]))
      ?.company_id,

  /** The company whose verified domain `host` is. */
  companyOfHost: async (db: Db, host: string) =>
    (
      await db.maybeOne<{ company_id: string }>(
        'SELECT company_id FROM page_domains WHERE name = $1 AND validated_at IS NOT NULL',
        [host],
      )
    )?.company_id,

  domains: (db: Db, companyId: string) =>
    db.query<DomainRow>(`SELECT ${domainColumns} FROM page_domains WHERE company_id = $1 ORDER BY name`, [
      companyId,
    ]),

  domain: (db: Db, companyId: string, id: string) =>
    db.maybeOne<DomainRow>(`SELECT ${domainColumns} FROM page_domains WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  defaultDomain: (db: Db, companyId: string) =>
    db.maybeOne<DomainRow>(
      `SELECT ${domainColumns} FROM page_domains WHERE company_id = $1 AND is_default AND validated_at IS NOT NULL`,
      [companyId],
    ),

  /** Adds `name`; undefined when the company has it already. */
  addDomain: (db: Db, companyId: string, name: string, token: string, now: Date) =>
    db.maybeOne<DomainRow>(
      `INSERT INTO page_domains (company_id, name, verify_token, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, name) DO NOTHING RETURNING ${domainColumns}`,
      [companyId, name, token, now],
    ),

  /** Marks the domain verified; false when another company verified the same name first. */
  setValidated: async (db: Db, companyId: string, id: string, now: Date) =>
    (
      await db
        .query(`UPDATE page_domains SET validated_at = $3 WHERE company_id = $1 AND id = $2 RETURNING id`, [
          companyId,
          id,
          now,
        ])
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '23505') return [];
          throw error;
        })
    ).length > 0,

  async setDefault(db: Db, companyId: string, id: string) {
    await db.query(
      'UPDATE page_domains SET is_default = false WHERE company_id = $1 AND is_default AND id <> $2',
      [companyId, id],
    );
    await db.query('UPDATE page_domains SET is_default = true WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
  },

  removeDomain: async (db: Db, companyId: string, id: string) =>
    (
      await db.query('DELETE FROM page_domains WHERE company_id = $1 AND id = $2 RETURNING id', [
        companyId,
        id,
      ])
    ).length > 0,
};
