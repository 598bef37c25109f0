import type { TemplateContentBody, TemplateOptions } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { type SendingContent, toSendingContent } from './content.ts';
import { firstFree, slugOf } from './slug.ts';

/** One version (draft or published) of a template, stored as jsonb. */
export interface TemplateVersion {
  content: TemplateContentBody;
  options: TemplateOptions;
  substitution_data?: Record<string, unknown>;
}

/** A template without its content: what lists show. */
export interface TemplateHeader {
  /** 0 = the master account's. */
  subaccountId: number;
  id: string;
  name: string;
  description: string;
  sharedWithSubaccounts: boolean;
  hasDraft: boolean;
  hasPublished: boolean;
  publishedVersion: number;
  lastUpdateTime: Date;
  lastUse: Date | null;
}

export interface Template extends TemplateHeader {
  draft: TemplateVersion | null;
  published: TemplateVersion | null;
}

/** What the transmissions code sends from. */
export interface SendableTemplate {
  id: string;
  /** The published version's number; 0 for the draft. */
  version: number;
  content: SendingContent;
  options: Record<string, unknown>;
  substitutionData: Record<string, unknown>;
}

export interface NewTemplate {
  /** Generated from the name when absent: a slug, unique within the account. */
  id?: string;
  name: string;
  description: string;
  sharedWithSubaccounts: boolean;
  version: TemplateVersion;
  /** Store the version as published (version 1) instead of as a draft. */
  published: boolean;
}

/** The changeable parts of a template; a change returns them whole. */
export type TemplateChange = Pick<
  Template,
  'name' | 'description' | 'sharedWithSubaccounts' | 'draft' | 'published' | 'publishedVersion'
>;

interface HeaderRow {
  subaccount_id: string | number;
  id: string;
  name: string;
  description: string;
  shared_with_subaccounts: boolean;
  has_draft: boolean;
  has_published: boolean;
  published_version: number;
  last_update_time: Date;
  last_use: Date | null;
}

interface TemplateRow extends HeaderRow {
  draft: TemplateVersion | null;
  published: TemplateVersion | null;
}

const headerColumns =
  'subaccount_id, id, name, description, shared_with_subaccounts, has_draft, has_published, published_version, last_update_time, last_use';
const allColumns = `${headerColumns}, draft, published`;

const toHeader = (row: HeaderRow): TemplateHeader => ({
  subaccountId: Number(row.subaccount_id),
  id: row.id,
  name: row.name,
  description: row.description,
  sharedWithSubaccounts: row.shared_with_subaccounts,
  hasDraft: row.has_draft,
  hasPublished: row.has_published,
  publishedVersion: row.published_version,
  lastUpdateTime: row.last_update_time,
  lastUse: row.last_use,
});

const toTemplate = (row: TemplateRow): Template => ({
  ...toHeader(row),
  draft: row.draft,
  published: row.published,
});

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

// The caller's own templates, and for a subaccount the master's shared ones; own first.
const visible = 'company_id = $1 AND (subaccount_id = $2 OR (subaccount_id = 0 AND shared_with_subaccounts))';

export type TemplateStore = ReturnType<typeof createTemplateStore>;

/**
 * Stored templates of a company, each in one account's partition (company, subaccount). Every method
 * takes both: a subaccount reads and uses the master's shared templates but changes only its own.
 */
export function createTemplateStore(db: Db, clock: Clock) {
  async function freeId(companyId: string, subaccountId: number, name: string): Promise<string> {
    const base = slugOf(name, 'template');
    const rows = await db.query<{ id: string }>(
      `SELECT id FROM templates WHERE company_id = $1 AND subaccount_id = $2 AND (id = $3 OR id LIKE $4)`,
      [companyId, subaccountId, base, `${base}-%`],
    );
    return firstFree(base, new Set(rows.map((row) => row.id)));
  }

  async function insert(companyId: string, subaccountId: number, id: string, input: NewTemplate) {
    const now = clock.now();
    const rows = await db.query<{ id: string }>(
      `INSERT INTO templates (company_id, subaccount_id, id, name, description, shared_with_subaccounts,
         draft, published, published_version, has_draft, has_published, last_update_time, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12, $12)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        companyId,
        subaccountId,
        id,
        input.name,
        input.description,
        input.sharedWithSubaccounts,
        input.published ? null : json(input.version),
        input.published ? json(input.version) : null,
        input.published ? 1 : 0,
        !input.published,
        input.published,
        now,
      ],
    );
    return rows.length > 0;
  }

  return {
    /** The new template's id, or undefined when the id given is taken in this account. */
    async create(companyId: string, subaccountId: number, input: NewTemplate): Promise<string | undefined> {
      if (input.id !== undefined) {
        return (await insert(companyId, subaccountId, input.id, input)) ? input.id : undefined;
      }
      // Two creates with the same name may pick the same slug; the loser picks again.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const id = await freeId(companyId, subaccountId, input.name);
        if (await insert(companyId, subaccountId, id, input)) return id;
      }
      throw new Error('could not find a free template id');
    },

    async list(
      companyId: string,
      subaccountId: number,
      filter: { draft?: boolean; shared?: boolean } = {},
    ): Promise<TemplateHeader[]> {
      const rows = await db.query<HeaderRow>(
        `SELECT ${headerColumns} FROM templates WHERE ${visible}
           AND ($3::boolean IS NULL OR CASE WHEN $3 THEN has_draft ELSE has_published END)
           AND ($4::boolean IS NULL OR shared_with_subaccounts = $4)
         ORDER BY subaccount_id DESC, id`,
        [companyId, subaccountId, filter.draft ?? null, filter.shared ?? null],
      );
      // A subaccount's own template hides a shared one of the master with the same id.
      const seen = new Set<string>();
      return rows.map(toHeader).filter((template) => {
        if (seen.has(template.id)) return false;
        seen.add(template.id);
        return true;
      });
    },

    /** A template of this account only (what the account may change). */
    async get(companyId: string, subaccountId: number, id: string): Promise<Template | undefined> {
      const row = await db.maybeOne<TemplateRow>(
        `SELECT ${allColumns} FROM templates WHERE company_id = $1 AND subaccount_id = $2 AND id = $3`,
        [companyId, subaccountId, id],
      );
      return row ? toTemplate(row) : undefined;
    },

    /** A template this account may read and use: its own, else (for a subaccount) the master's shared one. */
    async readable(companyId: string, subaccountId: number, id: string): Promise<Template | undefined> {
      const row = await db.maybeOne<TemplateRow>(
        `SELECT ${allColumns} FROM templates WHERE ${visible} AND id = $3 ORDER BY subaccount_id DESC LIMIT 1`,
        [companyId, subaccountId, id],
      );
      return row ? toTemplate(row) : undefined;
    },

    /**
     * Changes a template of this account under a row lock: `change` gets the current template and
     * returns the new state (or throws to change nothing). Undefined when there is no such template.
     */
    async update(
      companyId: string,
      subaccountId: number,
      id: string,
      change: (current: Template) => TemplateChange,
    ): Promise<Template | undefined> {
      return db.transaction(async (tx) => {
        const row = await tx.maybeOne<TemplateRow>(
          `SELECT ${allColumns} FROM templates WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 FOR UPDATE`,
          [companyId, subaccountId, id],
        );
        if (!row) return undefined;
        const next = change(toTemplate(row));
        const updated = await tx.one<TemplateRow>(
          `UPDATE templates SET name = $4, description = $5, shared_with_subaccounts = $6, draft = $7::jsonb,
             published = $8::jsonb, published_version = $9, has_draft = $7::jsonb IS NOT NULL,
             has_published = $8::jsonb IS NOT NULL, last_update_time = $10
           WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING ${allColumns}`,
          [
            companyId,
            subaccountId,
            id,
            next.name,
            next.description,
            next.sharedWithSubaccounts,
            json(next.draft),
            json(next.published),
            next.publishedVersion,
            clock.now(),
          ],
        );
        return toTemplate(updated);
      });
    },

    async remove(companyId: string, subaccountId: number, id: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM templates WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING id',
        [companyId, subaccountId, id],
      );
      return rows.length > 0;
    },

    /** A scheduled or generating transmission will still read the template. */
    async inUse(companyId: string, subaccountId: number, id: string): Promise<boolean> {
      // The master's templates may be used by its subaccounts too (when shared).
      const row = await db.maybeOne(
        `SELECT 1 FROM transmissions WHERE company_id = $1 AND ($2 = 0 OR subaccount_id = $2)
           AND template_id = $3 AND state IN ('submitted', 'Generating') LIMIT 1`,
        [companyId, subaccountId, id],
      );
      return row !== undefined;
    },

    /**
     * The version a transmission sends: the published one unless `useDraft`; the subaccount's own
     * template first, then the master's shared one. Undefined when there is none (or not that version).
     */
    async forSending(
      companyId: string,
      subaccountId: number,
      templateId: string,
      useDraft: boolean,
    ): Promise<SendableTemplate | undefined> {
      const row = await db.maybeOne<{
        id: string;
        published_version: number;
        version: TemplateVersion | null;
      }>(
        `SELECT id, published_version, CASE WHEN $4 THEN draft ELSE published END AS version
         FROM templates WHERE ${visible} AND id = $3 ORDER BY subaccount_id DESC LIMIT 1`,
        [companyId, subaccountId, templateId, useDraft],
      );
      if (!row?.version) return undefined;
      return {
        id: row.id,
        version: useDraft ? 0 : row.published_version,
        content: toSendingContent(row.version.content),
        options: { ...row.version.options },
        substitutionData: { ...row.version.substitution_data },
      };
    },

    /** Records that a transmission used the template (the one forSending picked). */
    async markUsed(companyId: string, subaccountId: number, id: string, at: Date): Promise<void> {
      await db.query(
        `UPDATE templates SET last_use = $4
         WHERE company_id = $1 AND id = $3 AND (last_use IS NULL OR last_use < $4)
           AND subaccount_id = (SELECT max(subaccount_id) FROM templates WHERE ${visible} AND id = $3)`,
        [companyId, subaccountId, id, at],
      );
    },
  };
}
