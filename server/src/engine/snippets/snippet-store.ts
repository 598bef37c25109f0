import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';

/** A snippet's parts; a part left out (or emptied) is absent. */
export interface SnippetParts {
  html?: string;
  text?: string;
  amp_html?: string;
}

export interface Snippet {
  /** 0 = the master account's. */
  subaccountId: number;
  id: string;
  name: string;
  content: SnippetParts;
  sharedWithSubaccounts: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A snippet without its content: what lists show. */
export type SnippetHeader = Omit<Snippet, 'content'>;

export type NewSnippet = Pick<Snippet, 'id' | 'name' | 'content' | 'sharedWithSubaccounts'>;

/** The changeable parts of a snippet; a change returns them whole. */
export type SnippetChange = Pick<Snippet, 'name' | 'content' | 'sharedWithSubaccounts'>;

interface HeaderRow {
  subaccount_id: string | number;
  id: string;
  name: string;
  shared_with_subaccounts: boolean;
  created_at: Date;
  updated_at: Date;
}

interface PartsRow {
  html: string | null;
  text: string | null;
  amp_html: string | null;
}

type SnippetRow = HeaderRow & PartsRow;

const headerColumns = 'subaccount_id, id, name, shared_with_subaccounts, created_at, updated_at';
const allColumns = `${headerColumns}, html, text, amp_html`;

const toHeader = (row: HeaderRow): SnippetHeader => ({
  subaccountId: Number(row.subaccount_id),
  id: row.id,
  name: row.name,
  sharedWithSubaccounts: row.shared_with_subaccounts,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function toParts(row: PartsRow): SnippetParts {
  const parts: SnippetParts = {};
  if (row.html !== null) parts.html = row.html;
  if (row.text !== null) parts.text = row.text;
  if (row.amp_html !== null) parts.amp_html = row.amp_html;
  return parts;
}

const toSnippet = (row: SnippetRow): Snippet => ({ ...toHeader(row), content: toParts(row) });

/** The parts as columns: an empty part is stored as absent. */
const columnsOf = (content: SnippetParts) => [
  content.html || null,
  content.text || null,
  content.amp_html || null,
];

// The caller's own snippets, and for a subaccount the master's shared ones; own first.
const visible = 'company_id = $1 AND (subaccount_id = $2 OR (subaccount_id = 0 AND shared_with_subaccounts))';

export type SnippetStore = ReturnType<typeof createSnippetStore>;

/**
 * Stored snippets of a company, each in one account's partition (company, subaccount). Every method
 * takes both: a subaccount reads and renders the master's shared snippets but changes only its own.
 */
export function createSnippetStore(db: Db, clock: Clock) {
  return {
    /** False when the id is taken in this account. */
    async create(companyId: string, subaccountId: number, input: NewSnippet): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO snippets (company_id, subaccount_id, id, name, html, text, amp_html,
           shared_with_subaccounts, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          companyId,
          subaccountId,
          input.id,
          input.name,
          ...columnsOf(input.content),
          input.sharedWithSubaccounts,
          clock.now(),
        ],
      );
      return rows.length > 0;
    },

    /** What the account may use, without content; `shared` keeps only (un)shared ones. */
    async list(
      companyId: string,
      subaccountId: number,
      filter: { shared?: boolean } = {},
    ): Promise<SnippetHeader[]> {
      const rows = await db.query<HeaderRow>(
        `SELECT ${headerColumns} FROM snippets WHERE ${visible}
           AND ($3::boolean IS NULL OR shared_with_subaccounts = $3)
         ORDER BY subaccount_id DESC, id`,
        [companyId, subaccountId, filter.shared ?? null],
      );
      // A subaccount's own snippet hides a shared one of the master with the same id.
      const seen = new Set<string>();
      return rows.map(toHeader).filter((snippet) => {
        if (seen.has(snippet.id)) return false;
        seen.add(snippet.id);
        return true;
      });
    },

    /** A snippet this account may read and use: its own, else (for a subaccount) the master's shared one. */
    async readable(companyId: string, subaccountId: number, id: string): Promise<Snippet | undefined> {
      const row = await db.maybeOne<SnippetRow>(
        `SELECT ${allColumns} FROM snippets WHERE ${visible} AND id = $3 ORDER BY subaccount_id DESC LIMIT 1`,
        [companyId, subaccountId, id],
      );
      return row ? toSnippet(row) : undefined;
    },

    /**
     * Changes a snippet of this account under a row lock: `change` gets the current snippet and
     * returns the new state (or throws to change nothing). Undefined when there is no such snippet.
     */
    async update(
      companyId: string,
      subaccountId: number,
      id: string,
      change: (current: Snippet) => SnippetChange,
    ): Promise<Snippet | undefined> {
      return db.transaction(async (tx) => {
        const row = await tx.maybeOne<SnippetRow>(
          `SELECT ${allColumns} FROM snippets WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 FOR UPDATE`,
          [companyId, subaccountId, id],
        );
        if (!row) return undefined;
        const next = change(toSnippet(row));
        const updated = await tx.one<SnippetRow>(
          `UPDATE snippets SET name = $4, html = $5, text = $6, amp_html = $7, shared_with_subaccounts = $8,
             updated_at = $9
           WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING ${allColumns}`,
          [
            companyId,
            subaccountId,
            id,
            next.name,
            ...columnsOf(next.content),
            next.sharedWithSubaccounts,
            clock.now(),
          ],
        );
        return toSnippet(updated);
      });
    },

    /** False when this account has no such snippet. */
    async remove(companyId: string, subaccountId: number, id: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM snippets WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING id',
        [companyId, subaccountId, id],
      );
      return rows.length > 0;
    },

    /**
     * The parts of the snippets with these ids that the account may render (its own first, then
     * the master's shared ones), by id; ids with no such snippet are left out.
     */
    async contentsFor(
      companyId: string,
      subaccountId: number,
      ids: string[],
    ): Promise<Record<string, SnippetParts>> {
      if (ids.length === 0) return {};
      const rows = await db.query<PartsRow & { id: string }>(
        `SELECT DISTINCT ON (id) id, html, text, amp_html FROM snippets
         WHERE ${visible} AND id = ANY($3::text[]) ORDER BY id, subaccount_id DESC`,
        [companyId, subaccountId, [...new Set(ids)]],
      );
      // fromEntries defines own properties: an id such as "__proto__" stays a plain key.
      return Object.fromEntries(rows.map((row) => [row.id, toParts(row)]));
    },
  };
}
