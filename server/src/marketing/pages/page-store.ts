import type { EmailDesign } from '@app/contract/editor/design';
import type { PageCategory, PageSetting } from '@app/contract/marketing/pages';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export interface PageRow {
  id: string;
  company_id: string;
  name: string;
  category: PageCategory;
  permalink: string;
  design: EmailDesign;
  setting: PageSetting;
  published: boolean;
  published_at: Date | null;
  changed: boolean;
  is_default: boolean;
  is_default_404: boolean;
  share_token: string | null;
  template_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What a site needs to answer a visitor: the page and the document it published. */
export interface HostedPage {
  id: string;
  company_id: string;
  published_html: string;
  published_at: Date;
}

export interface PageFields {
  name: string;
  category: PageCategory;
  permalink: string;
  design: EmailDesign;
  setting: PageSetting;
}

const pageColumns = `id::text AS id, company_id, name, category, permalink, design, setting, published,
  published_at, changed, is_default, is_default_404, share_token, template_id::text AS template_id, created_at, updated_at`;
const hostedColumns = 'p.id::text AS id, p.company_id, p.published_html, p.published_at';

const sortColumns = { name: 'lower(name)', createdAt: 'created_at', lastUpdate: 'updated_at' } as const;

/** The pages' SQL: the console's statements are scoped by the company, the sites' by slug, domain or token. */
export const pageStore = {
  /** A new draft; `templateId`, the template it was started from. */
  insert: (db: Db, companyId: string, fields: PageFields, now: Date, templateId: string | null = null) =>
    db.one<PageRow>(
      `INSERT INTO pages (company_id, name, category, permalink, design, setting, template_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $8) RETURNING ${pageColumns}`,
      [
        companyId,
        fields.name,
        fields.category,
        fields.permalink,
        JSON.stringify(fields.design),
        JSON.stringify(fields.setting),
        templateId,
        now,
      ],
    ),

  /** Writes the page's fields; a published page is marked changed (its site shows the last publish). */
  update: (db: Db, companyId: string, id: string, fields: PageFields, now: Date) =>
    db.maybeOne<PageRow>(
      `UPDATE pages SET name = $3, category = $4, permalink = $5, design = $6::jsonb, setting = $7::jsonb,
         changed = published, updated_at = $8
       WHERE company_id = $1 AND id = $2 RETURNING ${pageColumns}`,
      [
        companyId,
        id,
        fields.name,
        fields.category,
        fields.permalink,
        JSON.stringify(fields.design),
        JSON.stringify(fields.setting),
        now,
      ],
    ),

  /** §7 change template: the page's design from the template `templateId` (a published page is marked changed). */
  applyTemplate: (
    db: Db,
    companyId: string,
    id: string,
    design: EmailDesign,
    templateId: string | null,
    now: Date,
  ) =>
    db.maybeOne<PageRow>(
      `UPDATE pages SET design = $3::jsonb, template_id = $4, changed = published, updated_at = $5
       WHERE company_id = $1 AND id = $2 RETURNING ${pageColumns}`,
      [companyId, id, JSON.stringify(design), templateId, now],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<PageRow>(`SELECT ${pageColumns} FROM pages WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  lock: (tx: Db, companyId: string, id: string) =>
    tx.maybeOne<PageRow>(`SELECT ${pageColumns} FROM pages WHERE company_id = $1 AND id = $2 FOR UPDATE`, [
      companyId,
      id,
    ]),

  async page(
    db: Db,
    companyId: string,
    filter: {
      page: number;
      size: number;
      search?: string | undefined;
      published?: boolean | undefined;
      category?: PageCategory | undefined;
    },
    sort: { column: keyof typeof sortColumns; descending: boolean },
  ): Promise<{ rows: PageRow[]; total: number }> {
    const params: unknown[] = [companyId];
    const where = ['company_id = $1'];
    if (filter.search) {
      params.push(containsPattern(filter.search));
      where.push(`(name ILIKE $${params.length} OR permalink ILIKE $${params.length})`);
    }
    if (filter.published !== undefined) {
      params.push(filter.published);
      where.push(`published = $${params.length}`);
    }
    if (filter.category) {
      params.push(filter.category);
      where.push(`category = $${params.length}`);
    }
    const clause = where.join(' AND ');
    const order = `${sortColumns[sort.column]} ${sort.descending ? 'DESC' : 'ASC'}, id DESC`;
    const [rows, count] = await Promise.all([
      db.query<PageRow>(
        `SELECT ${pageColumns} FROM pages WHERE ${clause} ORDER BY ${order}
         LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`,
        params,
      ),
      db.one<{ total: number }>(`SELECT count(*)::int AS total FROM pages WHERE ${clause}`, params),
    ]);
    return { rows, total: count.total };
  },

  /** Whether another page of the company has `permalink`. */
  permalinkTaken: async (db: Db, companyId: string, permalink: string, exceptId: string | undefined) =>
    (await db.maybeOne(
      'SELECT 1 FROM pages WHERE company_id = $1 AND permalink = $2 AND id IS DISTINCT FROM $3::bigint',
      [companyId, permalink, exceptId ?? null],
    )) !== undefined,

  /** The permalinks of the company that start with `prefix` (a duplicate's free name is found among them). */
  permalinksLike: async (db: Db, companyId: string, prefix: string) =>
    (
      await db.query<{ permalink: string }>(
        'SELECT permalink FROM pages WHERE company_id = $1 AND starts_with(permalink, $2)',
        [companyId, prefix],
      )
    ).map((row) => row.permalink),

  countPublished: async (db: Db, companyId: string) =>
    (
      await db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM pages WHERE company_id = $1 AND published',
        [companyId],
      )
    ).n,

  /** Publishes `html` as what the sites show, or (null) takes the page off them. */
  setPublished: (db: Db, companyId: string, id: string, html: string | null, now: Date) =>
    db.maybeOne<PageRow>(
      `UPDATE pages SET published = $3::text IS NOT NULL, published_html = $3, changed = false,
         published_at = CASE WHEN $3::text IS NULL THEN published_at ELSE $4 END
       WHERE company_id = $1 AND id = $2 RETURNING ${pageColumns}`,
      [companyId, id, html, now],
    ),

  /** The HTML of the published pages' Code blocks: `snippets` replace the page's (none: unpublished). */
  async setCode(tx: Db, pageId: string, snippets: readonly { id: string; html: string }[]) {
    await tx.query('DELETE FROM page_code WHERE page_id = $1', [pageId]);
    for (const snippet of snippets) {
      await tx.query('INSERT INTO page_code (page_id, hash, html) VALUES ($1, $2, $3)', [
        pageId,
        snippet.id,
        snippet.html,
      ]);
    }
  },

  /** A published page's Code block HTML by its id, or undefined. */
  code: async (db: Db, id: string) =>
    (await db.maybeOne<{ html: string }>('SELECT html FROM page_code WHERE hash = $1 LIMIT 1', [id]))?.html,

  /** Makes the page the company's one default (`is_default`) or default 404 page; false unsets it. */
  async setFlag(db: Db, companyId: string, id: string, flag: 'is_default' | 'is_default_404', on: boolean) {
    if (on)
      await db.query(`UPDATE pages SET ${flag} = false WHERE company_id = $1 AND ${flag} AND id <> $2`, [
        companyId,
        id,
      ]);
    return db.maybeOne<PageRow>(
      `UPDATE pages SET ${flag} = $3 WHERE company_id = $1 AND id = $2 RETURNING ${pageColumns}`,
      [companyId, id, on],
    );
  },

  setShareToken: (db: Db, companyId: string, id: string, token: string | null) =>
    db.maybeOne<PageRow>(
      `UPDATE pages SET share_token = $3 WHERE company_id = $1 AND id = $2 RETURNING ${pageColumns}`,
      [companyId, id, token],
    ),

  remove: async (db: Db, companyId: string, ids: readonly string[]) =>
    (
      await db.query<{ id: string }>(
        'DELETE FROM pages WHERE company_id = $1 AND id = ANY($2::bigint[]) RETURNING id::text AS id',
        [companyId, ids],
      )
    ).map((row) => row.id),

  // The sites' reads.

  /** The published page at `permalink` of the company, its default page when `permalink` is '' . */
  hosted: (db: Db, companyId: string, permalink: string) =>
    db.maybeOne<HostedPage>(
      `SELECT ${hostedColumns} FROM pages p
       WHERE p.company_id = $1 AND p.published AND (CASE WHEN $2 = '' THEN p.is_default ELSE p.permalink = $2 END)`,
      [companyId, permalink],
    ),

  /** The company's published default 404 page. */
  hostedNotFound: (db: Db, companyId: string) =>
    db.maybeOne<HostedPage>(
      `SELECT ${hostedColumns} FROM pages p WHERE p.company_id = $1 AND p.published AND p.is_default_404`,
      [companyId],
    ),

  /** The company of the published page `id` (its pixels' loader is asked for by page). */
  companyOfPublished: async (db: Db, id: string) =>
    (
      await db.maybeOne<{ company_id: string }>('SELECT company_id FROM pages WHERE id = $1 AND published', [
        id,
      ])
    )?.company_id,

  byShareToken: (db: Db, token: string) =>
    db.maybeOne<PageRow>(`SELECT ${pageColumns} FROM pages WHERE share_token = $1`, [token]),
};
