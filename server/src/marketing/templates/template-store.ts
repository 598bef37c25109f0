import type {
  TemplateCategory,
  TemplateContent,
  TemplateLabelEntry,
  TemplateType,
} from '@app/contract/marketing/templates';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export interface TemplateRow {
  id: string;
  company_id: string;
  type: TemplateType;
  name: string;
  category: TemplateCategory;
  labels: string[];
  content: TemplateContent;
  contains_form: boolean;
  thumbnail: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TemplateFields {
  name: string;
  category: TemplateCategory;
  labels: readonly string[];
  thumbnail: string | null;
  content: TemplateContent;
}

export interface TemplateFilter {
  page: number;
  size: number;
  type?: TemplateType | undefined;
  search?: string | undefined;
  category?: TemplateCategory | undefined;
  labels?: readonly string[] | undefined;
  containsForm?: boolean | undefined;
}

const columns = `id::text AS id, company_id, type, name, category, labels, content, contains_form, thumbnail,
  created_at, updated_at`;
const sortColumns = { name: 'lower(name)', createdAt: 'created_at', lastUpdate: 'updated_at' } as const;

const containsForm = (content: TemplateContent) => content.type === 'page' && content.forms.length > 0;

/** The templates' SQL, every statement scoped by the company (a share's token is the one way across). */
export const templateStore = {
  insert: (db: Db, companyId: string, fields: TemplateFields, now: Date) =>
    db.one<TemplateRow>(
      `INSERT INTO marketing_templates (company_id, type, name, category, labels, content, contains_form, thumbnail,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::text[], $6::jsonb, $7, $8, $9, $9) RETURNING ${columns}`,
      [
        companyId,
        fields.content.type,
        fields.name,
        fields.category,
        fields.labels,
        JSON.stringify(fields.content),
        containsForm(fields.content),
        fields.thumbnail,
        now,
      ],
    ),

  update: (db: Db, companyId: string, id: string, fields: TemplateFields, now: Date) =>
    db.maybeOne<TemplateRow>(
      `UPDATE marketing_templates SET name = $3, category = $4, labels = $5::text[], content = $6::jsonb,
         contains_form = $7, thumbnail = $8, updated_at = $9
       WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
      [
        companyId,
        id,
        fields.name,
        fields.category,
        fields.labels,
        JSON.stringify(fields.content),
        containsForm(fields.content),
        fields.thumbnail,
        now,
      ],
    ),

  get: (db: Db, companyId: string, id: string) =>
    db.maybeOne<TemplateRow>(`SELECT ${columns} FROM marketing_templates WHERE company_id = $1 AND id = $2`, [
      companyId,
      id,
    ]),

  remove: async (db: Db, companyId: string, id: string) =>
    (await db.maybeOne('DELETE FROM marketing_templates WHERE company_id = $1 AND id = $2 RETURNING id', [
      companyId,
      id,
    ])) !== undefined,

  count: async (db: Db, companyId: string, type: TemplateType) =>
    (
      await db.one<{ n: number }>(
        'SELECT count(*)::int AS n FROM marketing_templates WHERE company_id = $1 AND type = $2',
        [companyId, type],
      )
    ).n,

  async page(
    db: Db,
    companyId: string,
    filter: TemplateFilter,
    sort: { column: keyof typeof sortColumns; descending: boolean },
  ): Promise<{ rows: TemplateRow[]; total: number }> {
    const params: unknown[] = [companyId];
    const where = ['company_id = $1'];
    const add = (value: unknown, condition: (n: number) => string) => {
      params.push(value);
      where.push(condition(params.length));
    };
    if (filter.type) add(filter.type, (n) => `type = $${n}`);
    if (filter.search) add(containsPattern(filter.search), (n) => `name ILIKE $${n}`);
    if (filter.category) add(filter.category, (n) => `category = $${n}`);
    if (filter.labels?.length)
      add(
        filter.labels.map((label) => label.toLowerCase()),
        (n) => `EXISTS (SELECT 1 FROM unnest(labels) l WHERE lower(l) = ANY($${n}::text[]))`,
      );
    if (filter.containsForm !== undefined) add(filter.containsForm, (n) => `contains_form = $${n}`);
    const clause = where.join(' AND ');
    const order = `${sortColumns[sort.column]} ${sort.descending ? 'DESC' : 'ASC'}, id DESC`;
    const [rows, count] = await Promise.all([
      db.query<TemplateRow>(
        `SELECT ${columns} FROM marketing_templates WHERE ${clause} ORDER BY ${order}
         LIMIT ${filter.size} OFFSET ${(filter.page - 1) * filter.size}`,
        params,
      ),
      db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM marketing_templates WHERE ${clause}`,
        params,
      ),
    ]);
    return { rows, total: count.total };
  },

  categoryCounts: (db: Db, companyId: string, type: TemplateType | undefined) =>
    db.query<{ category: TemplateCategory; n: number }>(
      `SELECT category, count(*)::int AS n FROM marketing_templates
       WHERE company_id = $1 AND ($2::text IS NULL OR type = $2) GROUP BY category`,
      [companyId, type ?? null],
    ),

  // §7 template labels.

  labels: (db: Db, companyId: string) =>
    db.query<{ id: string; name: string; templates: number }>(
      `SELECT l.id::text AS id, l.name,
         (SELECT count(*)::int FROM marketing_templates t
          WHERE t.company_id = l.company_id AND EXISTS (SELECT 1 FROM unnest(t.labels) x WHERE lower(x) = lower(l.name))) AS templates
       FROM marketing_template_labels l WHERE l.company_id = $1 ORDER BY lower(l.name)`,
      [companyId],
    ),

  /** Adds the names the list does not have yet (any case counts as the same label). */
  async ensureLabels(db: Db, companyId: string, names: readonly string[], now: Date) {
    if (names.length === 0) return;
    await db.query(
      `INSERT INTO marketing_template_labels (company_id, name, created_at)
       SELECT $1, name, $3 FROM unnest($2::text[]) AS name
       ON CONFLICT (company_id, lower(name)) DO NOTHING`,
      [companyId, names, now],
    );
  },

  label: (db: Db, companyId: string, id: string) =>
    db.maybeOne<{ id: string; name: string }>(
      'SELECT id::text AS id, name FROM marketing_template_labels WHERE company_id = $1 AND id = $2',
      [companyId, id],
    ),

  labelNamed: (db: Db, companyId: string, name: string) =>
    db.maybeOne<{ id: string }>(
      'SELECT id::text AS id FROM marketing_template_labels WHERE company_id = $1 AND lower(name) = lower($2)',
      [companyId, name],
    ),

  /** Renames a label, in the list and on every template that has it. */
  async renameLabel(tx: Db, companyId: string, id: string, from: string, to: string) {
    await tx.query('UPDATE marketing_template_labels SET name = $3 WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
      to,
    ]);
    await tx.query(
      `UPDATE marketing_templates SET labels = ARRAY(
         SELECT CASE WHEN lower(l) = lower($2) THEN $3 ELSE l END FROM unnest(labels) WITH ORDINALITY AS x(l, i) ORDER BY i)
       WHERE company_id = $1 AND EXISTS (SELECT 1 FROM unnest(labels) l WHERE lower(l) = lower($2))`,
      [companyId, from, to],
    );
  },

  /** Deletes a label from the list and from every template. */
  async removeLabel(tx: Db, companyId: string, id: string, name: string) {
    await tx.query('DELETE FROM marketing_template_labels WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
    await tx.query(
      `UPDATE marketing_templates SET labels = ARRAY(
         SELECT l FROM unnest(labels) WITH ORDINALITY AS x(l, i) WHERE lower(l) <> lower($2) ORDER BY i)
       WHERE company_id = $1 AND EXISTS (SELECT 1 FROM unnest(labels) l WHERE lower(l) = lower($2))`,
      [companyId, name],
    );
  },

  // §7 share by email.

  insertShare: (
    db: Db,
    share: {
      templateId: string;
      companyId: string;
      email: string;
      tokenHash: string;
      now: Date;
      expiresAt: Date;
    },
  ) =>
    db.query(
      `INSERT INTO marketing_template_shares (template_id, company_id, email, token_hash, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [share.templateId, share.companyId, share.email, share.tokenHash, share.now, share.expiresAt],
    ),

  /** Takes a share link once: the template it shares, while the link is unexpired and unused. */
  takeShare: (tx: Db, tokenHash: string, now: Date) =>
    tx.maybeOne<TemplateRow>(
      `WITH taken AS (
         UPDATE marketing_template_shares SET accepted_at = $2
         WHERE token_hash = $1 AND accepted_at IS NULL AND expires_at > $2 RETURNING template_id)
       SELECT ${columns} FROM marketing_templates WHERE id = (SELECT template_id FROM taken)`,
      [tokenHash, now],
    ),
};

export type TemplateLabelRow = Awaited<ReturnType<typeof templateStore.labels>>[number];
export const labelEntryOf = (row: TemplateLabelRow): TemplateLabelEntry => ({
  labelId: row.id,
  name: row.name,
  templates: row.templates,
});
