import type { Contact, ContactFieldValue, ContactStatus } from '@app/contract/marketing/contacts';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { plannedCount, plannedQuery } from '../../db/planned-query.ts';
import { analyzeWhenGrown } from '../../db/table-statistics.ts';
import type { FieldValues } from './field-values.ts';

export type ContactConsent = NonNullable<Contact['consent']>;

export interface ContactRow {
  id: string;
  email: string | null;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  status: ContactStatus;
  source: string;
  fields: Record<string, ContactFieldValue>;
  consent: ContactConsent | null;
  created_at: Date;
  updated_at: Date;
  last_open_at: Date | null;
  last_click_at: Date | null;
}

/** The built-in fields a change may set (undefined: unchanged, null: cleared). */
export interface ContactColumns {
  email?: string | undefined;
  firstname?: string | null | undefined;
  lastname?: string | null | undefined;
  phone?: string | null | undefined;
}

/** Which contacts: the Contact Book's filter. */
export interface ContactFilter {
  /** Only these contacts. */
  ids?: readonly string[] | undefined;
  /** Only the contacts up to this id (those there were when a long job began). */
  upToId?: string | undefined;
  search?: string | undefined;
  status?: readonly ContactStatus[] | undefined;
  label?: string | undefined;
  /** A built-in column or a custom field (by id) that holds exactly `value`. */
  fieldEquals?:
    | { column: 'email' | 'firstname' | 'lastname' | 'phone' | { fieldId: string }; value: string }
    | undefined;
  /** A compiled segment: its SQL condition over `contacts`, its parameters pushed after the others. */
  condition?: ((params: unknown[]) => string) | undefined;
}

export interface ContactPageQuery extends ContactFilter {
  page: number;
  size: number;
  sort: { column: 'createdAt' | 'email' | 'firstname' | 'lastname'; descending: boolean };
}

const columns =
  'id::text AS id, email, firstname, lastname, phone, status, source, fields, consent, created_at, updated_at, last_open_at, last_click_at';

// Nullable columns sort their nulls last either way; created_at keeps the list index's order.
const orderColumns = {
  createdAt: 'created_at',
  email: 'email',
  firstname: 'lower(firstname)',
  lastname: 'lower(lastname)',
} as const;

const builtIn = ['email', 'firstname', 'lastname', 'phone'] as const;

/**
 * What the Contact Book's search looks in: the address and names as one text, so "ana silva" finds Ana
 * Silva; exactly migration 049's indexed expression, so a trigram index serves the "contains" match.
 */
const searchText = "(coalesce(email, '') || ' ' || coalesce(firstname, '') || ' ' || coalesce(lastname, ''))";

/** The `contacts` table: every statement scoped by the company. Methods taking `tx` run in the caller's transaction. */
export function createContactStore(db: Db) {
  return {
    /** Fresh planner statistics, where no autovacuum runs, once the contacts have grown by a tenth (see {@link analyzeWhenGrown}). */
    refreshStatistics: () => analyzeWhenGrown(db, 'contacts', 30),

    /** How many contacts the company has, counting no further than `limit` (all a plan check needs). */
    countUpTo: async (tx: Db, companyId: string, limit: number) =>
      (
        await tx.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM (SELECT 1 FROM contacts WHERE company_id = $1 LIMIT $2) held',
          [companyId, limit],
        )
      ).count,

    /** Undefined when the company has the address already. */
    insert: (
      tx: Db,
      contact: ContactColumns & {
        companyId: string;
        source: string;
        fields: FieldValues;
        now: Date;
        status?: ContactStatus;
        consent?: ContactConsent;
      },
    ) =>
      tx.maybeOne<ContactRow>(
        `INSERT INTO contacts (company_id, email, firstname, lastname, phone, source, fields, created_at, updated_at, status, consent)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $8, $9, $10::jsonb)
         ON CONFLICT (company_id, email) DO NOTHING
         RETURNING ${columns}`,
        [
          contact.companyId,
          contact.email ?? null,
          contact.firstname ?? null,
          contact.lastname ?? null,
          contact.phone ?? null,
          contact.source,
          JSON.stringify(contact.fields),
          contact.now,
          contact.status ?? 'subscribed',
          contact.consent ? JSON.stringify(contact.consent) : null,
        ],
      ),

    /** Sets the given columns and field values (null values are removed); undefined when there is no such contact. */
    update(
      tx: Db,
      companyId: string,
      id: string,
      change: ContactColumns & { fields?: FieldValues; now: Date },
    ) {
      const params: unknown[] = [companyId, id, change.now];
      const sets = ['updated_at = $3'];
      for (const column of builtIn) {
        if (change[column] === undefined) continue;
        params.push(change[column]);
        sets.push(`${column} = $${params.length}`);
      }
      if (change.fields) {
        const entries = Object.entries(change.fields);
        params.push(
          JSON.stringify(Object.fromEntries(entries.filter(([, value]) => value !== null))),
          entries.filter(([, value]) => value === null).map(([id]) => id),
        );
        sets.push(`fields = (fields || $${params.length - 1}::jsonb) - $${params.length}::text[]`);
      }
      return tx.maybeOne<ContactRow>(
        `UPDATE contacts SET ${sets.join(', ')} WHERE company_id = $1 AND id = $2 RETURNING ${columns}`,
        params,
      );
    },

    get: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<ContactRow>(`SELECT ${columns} FROM contacts WHERE company_id = $1 AND id = $2`, [
        companyId,
        id,
      ]),

    byEmail: (tx: Db, companyId: string, email: string) =>
      tx.maybeOne<ContactRow>(`SELECT ${columns} FROM contacts WHERE company_id = $1 AND email = $2`, [
        companyId,
        email,
      ]),

    /** Deletes the company's contacts among `ids`; answers their addresses (null for none). */
    remove: async (tx: Db, companyId: string, ids: readonly string[]) =>
      (
        await tx.query<{ email: string | null }>(
          'DELETE FROM contacts WHERE company_id = $1 AND id = ANY($2::bigint[]) RETURNING email',
          [companyId, ids],
        )
      ).map((row) => row.email),

    /** The company's highest contact id ('0' for none). */
    lastId: async (companyId: string) =>
      (
        await db.one<{ id: string }>(
          'SELECT coalesce(max(id), 0)::text AS id FROM contacts WHERE company_id = $1',
          [companyId],
        )
      ).id,

    /** How many contacts the company has, of the given statuses (all when none): kept counts (migration 048). */
    async countOfStatuses(
      companyId: string,
      statuses: readonly ContactStatus[] = [],
      tx: Db = db,
    ): Promise<number> {
      const { count } = await tx.one<{ count: number }>(
        `SELECT coalesce(sum(contacts), 0)::int AS count FROM contact_status_counts
         WHERE company_id = $1 AND (cardinality($2::text[]) = 0 OR status = ANY($2::text[]))`,
        [companyId, statuses],
      );
      return count;
    },

    /** How many contacts the company added since `since` (its creation index serves it). */
    addedSince: async (companyId: string, since: Date) =>
      (
        await db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM contacts WHERE company_id = $1 AND created_at >= $2',
          [companyId, since],
        )
      ).count,

    /** How many contacts the filter holds. */
    async count(companyId: string, filter: ContactFilter): Promise<number> {
      const params: unknown[] = [companyId];
      const condition = filterSql(filter, params);
      return plannedCount(
        db,
        'costlyWorkers',
        `SELECT count(*)::int AS count FROM contacts WHERE ${condition}`,
        params,
      );
    },

    /**
     * The filter's contacts found through an index, no more than `cap` of them (a search's matches):
     * how many, and when they are no more than `cap`, their ids (the rows a page is read from). Past the
     * cap the ids stay in the database: 10,000 of them cost PGlite ~20 ms to hand over.
     */
    async matchesUpToCap(
      companyId: string,
      filter: ContactFilter,
      cap: number,
    ): Promise<{ count: number; ids: string[] | null }> {
      const params: unknown[] = [companyId];
      const condition = filterSql(filter, params);
      params.push(cap);
      const at = `$${params.length}`;
      const [found] = await plannedQuery<{ count: number; ids: string[] | null }>(
        db,
        'noTableScan',
        `SELECT count(*)::int AS count,
                CASE WHEN count(*) <= ${at} THEN coalesce(array_agg(id::text), '{}') END AS ids
         FROM (SELECT id FROM contacts WHERE ${condition} LIMIT ${at} + 1) matched`,
        params,
      );
      return found ?? { count: 0, ids: [] };
    },

    /** One page of the filter's contacts, in the query's order (the total is the caller's: {@link count}). */
    page(companyId: string, query: ContactPageQuery): Promise<ContactRow[]> {
      const params: unknown[] = [companyId];
      const condition = filterSql(query, params);
      const direction = query.sort.descending ? 'DESC' : 'ASC';
      const nulls = query.sort.column === 'createdAt' ? '' : ' NULLS LAST';
      return db.query<ContactRow>(
        `SELECT ${columns} FROM contacts WHERE ${condition}
         ORDER BY ${orderColumns[query.sort.column]} ${direction}${nulls}, contacts.id ${direction}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.size, (query.page - 1) * query.size],
      );
    },

    /** Up to `limit` contacts of the filter after the id `afterId`, by id: an export's keyset pages. */
    after(companyId: string, filter: ContactFilter, afterId: string, limit: number): Promise<ContactRow[]> {
      const params: unknown[] = [companyId];
      const condition = filterSql(filter, params);
      params.push(afterId, limit);
      return db.query<ContactRow>(
        `SELECT ${columns} FROM contacts WHERE ${condition} AND id > $${params.length - 1}::bigint
         ORDER BY contacts.id LIMIT $${params.length}`,
        params,
      );
    },
  };
}

/** The filter as a condition over `contacts` of the company `$1`, its values pushed onto `params`. */
function filterSql(filter: ContactFilter, params: unknown[]): string {
  const where = ['company_id = $1'];
  if (filter.ids) {
    params.push(filter.ids);
    where.push(`id = ANY($${params.length}::bigint[])`);
  }
  if (filter.upToId !== undefined) {
    params.push(filter.upToId);
    where.push(`id <= $${params.length}::bigint`);
  }
  if (filter.search) {
    params.push(containsPattern(filter.search));
    where.push(`${searchText} ILIKE $${params.length} ESCAPE '\\'`);
  }
  if (filter.status?.length) {
    params.push(filter.status);
    where.push(`status = ANY($${params.length}::text[])`);
  }
  if (filter.label) {
    params.push(filter.label);
    where.push(
      `EXISTS (SELECT 1 FROM contact_label_members m
               WHERE m.label_id = $${params.length} AND m.contact_id = contacts.id AND m.company_id = $1)`,
    );
  }
  if (filter.fieldEquals) {
    const { column, value } = filter.fieldEquals;
    params.push(column === 'email' ? value.toLowerCase() : value);
    const at = `$${params.length}`;
    if (typeof column === 'object') {
      params.push(column.fieldId);
      where.push(`fields->>$${params.length}::text = ${at}`);
    } else {
      where.push(
        column === 'email' || column === 'phone' ? `${column} = ${at}` : `lower(${column}) = lower(${at})`,
      );
    }
  }
  if (filter.condition) where.push(filter.condition(params));
  return where.join(' AND ');
}
