import type { SparkpostRecipient } from '@app/contract/engine/index';
import { type Clock, systemClock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { firstFree, slugOf } from '../templates/slug.ts';

export interface RecipientListHeader {
  id: string;
  name: string;
  description: string;
  attributes: Record<string, unknown>;
  totalAccepted: number;
}

export interface RecipientListInput {
  /** Generated from the name (else "list") when absent: a slug, unique within the account. */
  id?: string;
  /** Defaults to the id. */
  name?: string;
  description: string;
  attributes: Record<string, unknown>;
  recipients: SparkpostRecipient[];
}

export interface RecipientListChanges {
  name?: string;
  description?: string;
  attributes?: Record<string, unknown>;
  recipients?: SparkpostRecipient[];
}

interface HeaderRow {
  id: string;
  name: string;
  description: string;
  attributes: Record<string, unknown>;
  total_accepted_recipients: number;
}

const headerColumns = 'id, name, description, attributes, total_accepted_recipients';

const toHeader = (row: HeaderRow): RecipientListHeader => ({
  id: row.id,
  name: row.name,
  description: row.description,
  attributes: row.attributes,
  totalAccepted: row.total_accepted_recipients,
});

export type RecipientListStore = ReturnType<typeof createRecipientListStore>;

/** Stored recipient lists, each in one account's partition (company, subaccount). */
export function createRecipientListStore(db: Db, clock: Clock = systemClock) {
  async function insert(companyId: string, subaccountId: number, id: string, input: RecipientListInput) {
    const now = clock.now();
    const rows = await db.query<HeaderRow>(
      `INSERT INTO recipient_lists (company_id, subaccount_id, id, name, description, attributes, recipients,
         total_accepted_recipients, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $9)
       ON CONFLICT DO NOTHING RETURNING ${headerColumns}`,
      [
        companyId,
        subaccountId,
        id,
        input.name ?? id,
        input.description,
        JSON.stringify(input.attributes),
        JSON.stringify(input.recipients),
        input.recipients.length,
        now,
      ],
    );
    return rows[0] ? toHeader(rows[0]) : undefined;
  }

  return {
    /** The new list, or undefined when the id given is taken in this account. */
    async create(
      companyId: string,
      subaccountId: number,
      input: RecipientListInput,
    ): Promise<RecipientListHeader | undefined> {
      if (input.id !== undefined) return insert(companyId, subaccountId, input.id, input);
      const base = slugOf(input.name ?? '', 'list');
      // Two creates with the same name may pick the same slug; the loser picks again.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const rows = await db.query<{ id: string }>(
          'SELECT id FROM recipient_lists WHERE company_id = $1 AND subaccount_id = $2 AND (id = $3 OR id LIKE $4)',
          [companyId, subaccountId, base, `${base}-%`],
        );
        const id = firstFree(base, new Set(rows.map((row) => row.id)));
        const created = await insert(companyId, subaccountId, id, input);
        if (created) return created;
      }
      throw new Error('could not find a free recipient list id');
    },

    async list(companyId: string, subaccountId: number): Promise<RecipientListHeader[]> {
      const rows = await db.query<HeaderRow>(
        `SELECT ${headerColumns} FROM recipient_lists WHERE company_id = $1 AND subaccount_id = $2 ORDER BY id`,
        [companyId, subaccountId],
      );
      return rows.map(toHeader);
    },

    async get(companyId: string, subaccountId: number, id: string): Promise<RecipientListHeader | undefined> {
      const row = await db.maybeOne<HeaderRow>(
        `SELECT ${headerColumns} FROM recipient_lists WHERE company_id = $1 AND subaccount_id = $2 AND id = $3`,
        [companyId, subaccountId, id],
      );
      return row ? toHeader(row) : undefined;
    },

    /** The stored recipients of a list of this account, or undefined when there is no such list. */
    async recipientsOf(
      companyId: string,
      subaccountId: number,
      listId: string,
    ): Promise<SparkpostRecipient[] | undefined> {
      const row = await db.maybeOne<{ recipients: SparkpostRecipient[] }>(
        'SELECT recipients FROM recipient_lists WHERE company_id = $1 AND subaccount_id = $2 AND id = $3',
        [companyId, subaccountId, listId],
      );
      return row?.recipients;
    },

    async update(
      companyId: string,
      subaccountId: number,
      id: string,
      changes: RecipientListChanges,
    ): Promise<RecipientListHeader | undefined> {
      const recipients = changes.recipients;
      const row = await db.maybeOne<HeaderRow>(
        `UPDATE recipient_lists SET name = coalesce($4, name), description = coalesce($5, description),
           attributes = coalesce($6::jsonb, attributes), recipients = coalesce($7::jsonb, recipients),
           total_accepted_recipients = coalesce($8, total_accepted_recipients), updated_at = $9
         WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING ${headerColumns}`,
        [
          companyId,
          subaccountId,
          id,
          changes.name ?? null,
          changes.description ?? null,
          changes.attributes ? JSON.stringify(changes.attributes) : null,
          recipients ? JSON.stringify(recipients) : null,
          recipients ? recipients.length : null,
          clock.now(),
        ],
      );
      return row ? toHeader(row) : undefined;
    },

    async remove(companyId: string, subaccountId: number, id: string): Promise<boolean> {
      const rows = await db.query(
        'DELETE FROM recipient_lists WHERE company_id = $1 AND subaccount_id = $2 AND id = $3 RETURNING id',
        [companyId, subaccountId, id],
      );
      return rows.length > 0;
    },

    /** A scheduled or generating transmission will still read the list. */
    async inUse(companyId: string, subaccountId: number, id: string): Promise<boolean> {
      const row = await db.maybeOne(
        `SELECT 1 FROM transmissions WHERE company_id = $1 AND subaccount_id = $2
           AND state IN ('submitted', 'Generating') AND request -> 'recipients' ->> 'list_id' = $3 LIMIT 1`,
        [companyId, subaccountId, id],
      );
      return row !== undefined;
    },
  };
}
