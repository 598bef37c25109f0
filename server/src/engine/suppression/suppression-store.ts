import type { SuppressionSource, SuppressionType } from '@app/contract/engine/index';
import { type Clock, systemClock } from '../../clock.ts';
import { coalesce } from '../../db/coalesce.ts';
import type { Db } from '../../db/db.ts';
import { likeLiteral } from '../../db/like-pattern.ts';
import { cursorTime, whereBuilder } from '../events/paging.ts';

/** One entry: a recipient suppressed for one type in one account (company + subaccount, 0 = master). */
export interface Suppression {
  subaccountId: number;
  recipient: string;
  type: SuppressionType;
  source: SuppressionSource;
  description: string;
  listId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewSuppression {
  companyId: string;
  subaccountId: number;
  /** Lower-cased on the way in. */
  recipient: string;
  type: SuppressionType;
  source: SuppressionSource;
  description?: string;
  listId?: string | null;
}

export interface SuppressionFilter {
  from?: Date;
  to?: Date;
  types?: SuppressionType[];
  sources?: SuppressionSource[];
  /** Case-insensitive substring of the description; with descriptionStrict the whole description. */
  description?: string;
  descriptionStrict?: boolean;
  /** Lower-cased domain the address is at. */
  domain?: string;
  /** One address's entries (any case). */
  recipient?: string;
  /** One mailing list's entries; null: only the account-wide ones. */
  listId?: string | null;
  sort: 'asc' | 'desc';
}

/** The sort key of the last row of a page: updated (microseconds, UTC), recipient, type. */
/** Sort key of a page's last entry: updated (microseconds, UTC), recipient, type, subaccount id. */
export type SuppressionKey = readonly [string, string, string, string];

export interface SuppressionPage {
  entries: Suppression[];
  total: number;
  /** Key of the last entry when more follow. */
  next?: SuppressionKey;
}

export type SuppressionStore = ReturnType<typeof createSuppressionStore>;

interface SuppressionRow {
  subaccount_id: string;
  recipient: string;
  type: SuppressionType;
  source: SuppressionSource;
  description: string;
  list_id: string | null;
  created_at: Date;
  updated_at: Date;
  updated_key: string;
}

const columns = `subaccount_id, recipient, type, source, description, list_id, created_at, updated_at,
  ${cursorTime('updated_at')} AS updated_key`;

const toSuppression = (row: SuppressionRow): Suppression => ({
  subaccountId: Number(row.subaccount_id),
  recipient: row.recipient,
  type: row.type,
  source: row.source,
  description: row.description,
  listId: row.list_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

// 8 parameters a row: 8000 a statement, far below PostgreSQL's 65535.
const rowsPerInsert = 1000;

/** Entries the compliance system made are never overwritten nor removed through the API. */
const compliance: SuppressionSource = 'Compliance';

/** Which of these addresses are on the account's list for this type? */
/** Where a reader of `changedSince` stands: the last change it saw. */
export interface SuppressionChangeCursor {
  at: string;
  companyId: string;
  recipient: string;
}

export interface SuppressionCheck {
  companyId: string;
  subaccountId: number;
  type: SuppressionType;
  /** Lower-cased. */
  addresses: string[];
}

/** The addresses of each check that are on its account's list for its type, in one query through `on`. */
async function suppressedAmong(on: Db, checks: readonly SuppressionCheck[]): Promise<Set<string>[]> {
  // Each address travels with its check's number; each check's account and type once.
  const rows = await on.query<{ request: string; recipient: string }>(
    `SELECT k.request::text AS request, s.recipient
     FROM unnest($1::int[], $2::text[]) AS k (request, recipient)
     JOIN unnest($3::uuid[], $4::bigint[], $5::text[]) WITH ORDINALITY AS r (company_id, subaccount_id, type, n)
       ON r.n = k.request
     JOIN suppressions s ON s.company_id = r.company_id AND s.subaccount_id = r.subaccount_id
      AND s.type = r.type AND s.recipient = k.recipient`,
    [
      checks.flatMap((check, index) => check.addresses.map(() => index + 1)),
      checks.flatMap((check) => check.addresses),
      checks.map((check) => check.companyId),
      checks.map((check) => check.subaccountId),
      checks.map((check) => check.type),
    ],
  );
  const found = checks.map(() => new Set<string>());
  for (const row of rows) found[Number(row.request) - 1]?.add(row.recipient);
  return found;
}

/**
 * The suppression list of each account. Every method takes the company and subaccount: an account
 * sees only its own list (a subaccount's list is not the master's).
 */
export function createSuppressionStore(db: Db, clock: Clock = systemClock) {
  /** Concurrent checks (one per transmission or SMTP message) share one query. */
  const check = coalesce((requests: SuppressionCheck[]) => suppressedAmong(db, requests));

  async function addIn(tx: Db, entries: readonly NewSuppression[]): Promise<void> {
    const unique = new Map<string, NewSuppression>();
    for (const entry of entries) {
      const recipient = entry.recipient.trim().toLowerCase();
      unique.set(JSON.stringify([entry.companyId, entry.subaccountId, recipient, entry.type]), {
        ...entry,
        recipient,
      });
    }
    const now = clock.now();
    const all = [...unique.values()];
    for (let start = 0; start < all.length; start += rowsPerInsert) {
      const chunk = all.slice(start, start + rowsPerInsert);
      const params: unknown[] = [];
      const values = chunk.map((entry) => {
        params.push(
          entry.companyId,
          entry.subaccountId,
          entry.recipient,
          entry.type,
          entry.source,
          entry.description ?? '',
          entry.listId ?? null,
          now,
        );
        const base = params.length - 8;
        return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, $${base + 8})`;
      });
      await tx.query(
        `INSERT INTO suppressions
           (company_id, subaccount_id, recipient, type, source, description, list_id, created_at, updated_at)
         VALUES ${values.join(', ')}
         ON CONFLICT (company_id, subaccount_id, recipient, type) DO UPDATE SET
           source = EXCLUDED.source, description = EXCLUDED.description, list_id = EXCLUDED.list_id,
           updated_at = EXCLUDED.updated_at
         WHERE suppressions.source <> '${compliance}'`,
        params,
      );
    }
  }

  return {
    /** The lower-cased addresses among `recipients` suppressed for `type`; one indexed query per batch of calls. */
    async suppressed(
      companyId: string,
      subaccountId: number,
      recipients: string[],
      type: SuppressionType,
    ): Promise<Set<string>> {
      if (recipients.length === 0) return new Set();
      const addresses = [...new Set(recipients.map((recipient) => recipient.toLowerCase()))];
      return check({ companyId, subaccountId, type, addresses });
    },

    /**
     * The master accounts' non-transactional entries created or changed after `after`, oldest first
     * (marketing follows them into its contacts' statuses).
     */
    changedSince: (after: SuppressionChangeCursor | null, limit: number) =>
      // The time travels as text: a Date would drop its microseconds and read the same change again.
      db.query<{ company_id: string; recipient: string; source: SuppressionSource; at: string }>(
        `SELECT company_id::text AS company_id, recipient, source, updated_at::text AS at FROM suppressions
         WHERE subaccount_id = 0 AND type = 'non_transactional'
           AND ($1::timestamptz IS NULL OR (updated_at, company_id, recipient) > ($1::timestamptz, $2::uuid, $3::text))
         ORDER BY updated_at, company_id, recipient
         LIMIT $4`,
        [after?.at ?? null, after?.companyId ?? null, after?.recipient ?? null, limit],
      ),

    /** As `suppressed`, for many checks at once through `tx`: a send screened in the transaction that writes it. */
    suppressedIn: (tx: Db, checks: readonly SuppressionCheck[]): Promise<Set<string>[]> =>
      suppressedAmong(tx, checks),

    /**
     * Creates or updates entries (the last one wins for a repeated address and type), keeping the
     * first `created`, all or nothing.
     */
    async add(entries: readonly NewSuppression[]): Promise<void> {
      await db.transaction((tx) => addIn(tx, entries));
    },

    /** As `add`, inside the caller's transaction `tx` (with the events that caused the entries). */
    addIn,

    /** The entries of one address (at most one per type). */
    /**
     * Removes an address's entries of `type` (both types without it). `kept` counts the compliance
     * entries that matched and stay.
     */
    async remove(
      companyId: string,
      subaccountId: number,
      recipient: string,
      type?: SuppressionType,
      /** Only the entry of this mailing list; null: only an account-wide entry; absent: any. */
      listId?: string | null,
    ): Promise<{ removed: number; kept: number }> {
      const rows = await db.query<{ source: string; removed: boolean }>(
        `WITH matched AS (
           SELECT recipient, type, source FROM suppressions
           WHERE company_id = $1 AND subaccount_id = $2 AND recipient = $3 AND ($4::text IS NULL OR type = $4)
             AND (NOT $5::boolean OR list_id IS NOT DISTINCT FROM $6::text)
         ), removed AS (
           DELETE FROM suppressions s USING matched m
           WHERE s.company_id = $1 AND s.subaccount_id = $2 AND s.recipient = m.recipient AND s.type = m.type
             AND m.source <> '${compliance}'
           RETURNING s.type
         )
         SELECT source, source <> '${compliance}' AS removed FROM matched`,
        [
          companyId,
          subaccountId,
          recipient.trim().toLowerCase(),
          type ?? null,
          listId !== undefined,
          listId ?? null,
        ],
      );
      const removed = rows.filter((row) => row.removed).length;
      return { removed, kept: rows.length - removed };
    },

    /**
     * A page of the list, sorted on `updated` then recipient, type and subaccount, after the key
     * `after` or `offset` rows; `subaccountId` null searches every subaccount's list of the company.
     */
    async search(
      companyId: string,
      subaccountId: number | null,
      filter: SuppressionFilter,
      perPage: number,
      from: { after?: SuppressionKey; offset?: number } = {},
    ): Promise<SuppressionPage> {
      const { after, offset = 0 } = from;
      const where = whereBuilder();
      where.and(`company_id = ${where.param(companyId)}`);
      if (subaccountId !== null) where.and(`subaccount_id = ${where.param(subaccountId)}`);
      if (filter.from) where.and(`updated_at >= ${where.param(filter.from)}`);
      if (filter.to) where.and(`updated_at <= ${where.param(filter.to)}`);
      if (filter.types) where.and(`type = ANY(${where.param(filter.types)}::text[])`);
      if (filter.sources) where.and(`source = ANY(${where.param(filter.sources)}::text[])`);
      if (filter.description !== undefined && filter.descriptionStrict) {
        where.and(`description = ${where.param(filter.description)}`);
      } else if (filter.description !== undefined) {
        where.and(`description ILIKE ${where.param(`%${likeLiteral(filter.description)}%`)} ESCAPE '\\'`);
      }
      if (filter.domain !== undefined) {
        where.and(`recipient LIKE ${where.param(`%@${likeLiteral(filter.domain)}`)} ESCAPE '\\'`);
      }
      if (filter.recipient !== undefined) {
        where.and(`recipient = ${where.param(filter.recipient.trim().toLowerCase())}`);
      }
      if (filter.listId === null) where.and('list_id IS NULL');
      else if (filter.listId !== undefined) where.and(`list_id = ${where.param(filter.listId)}`);
      const countSql = `SELECT count(*)::int AS total FROM suppressions WHERE ${where.sql()}`;
      const countParams = [...where.params];
      const direction = filter.sort === 'asc' ? 'ASC' : 'DESC';
      if (after) {
        const [updated, recipient, type, subaccount] = after;
        const comparison = filter.sort === 'asc' ? '>' : '<';
        where.and(
          `(updated_at, recipient, type, subaccount_id) ${comparison} (${where.param(updated)}::timestamptz, ${where.param(recipient)}, ${where.param(type)}, ${where.param(subaccount)}::bigint)`,
        );
      }
      const rows = await db.query<SuppressionRow>(
        `SELECT ${columns} FROM suppressions WHERE ${where.sql()}
         ORDER BY updated_at ${direction}, recipient ${direction}, type ${direction}, subaccount_id ${direction}
         LIMIT ${where.param(perPage + 1)} OFFSET ${where.param(offset)}`,
        where.params,
      );
      const { total } = await db.one<{ total: number }>(countSql, countParams);
      const page = rows.slice(0, perPage);
      const last = page.at(-1);
      return {
        entries: page.map(toSuppression),
        total,
        ...(rows.length > perPage && last
          ? { next: [last.updated_key, last.recipient, last.type, String(last.subaccount_id)] }
          : {}),
      };
    },

    /** Entry counts per source and type. */
    async summary(
      companyId: string,
      subaccountId: number,
    ): Promise<Array<{ source: SuppressionSource; type: SuppressionType; count: number }>> {
      return db.query(
        `SELECT source, type, count(*)::int AS count FROM suppressions
         WHERE company_id = $1 AND subaccount_id = $2 GROUP BY source, type`,
        [companyId, subaccountId],
      );
    },
  };
}
