import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';

export type SenderStore = ReturnType<typeof createSenderStore>;

export interface SenderRow {
  id: string;
  company_id: string;
  email: string;
  name: string;
  reply_to: string | null;
  is_default: boolean;
  validated_at: Date | null;
  token_hash: string;
  token_expires_at: Date;
  link_sent_at: Date | null;
  created_at: Date;
}

export interface SenderPageQuery {
  page: number;
  size: number;
  search?: string | undefined;
  /** Both or none: every sender. */
  status?: readonly ('validated' | 'pending')[] | undefined;
  sort: { column: 'email' | 'name' | 'createdAt'; descending: boolean };
}

const columns =
  'id::text AS id, company_id, email, name, reply_to, is_default, validated_at, token_hash, token_expires_at, link_sent_at, created_at';

const orderColumns = { email: 'email', name: 'lower(name)', createdAt: 'created_at' } as const;

/**
 * The `senders` table: every statement on it. Methods that take `tx` run inside the caller's
 * transaction; every statement is scoped by the company, but `forLink`, which finds the sender of a
 * confirmation link for someone without a session.
 */
export function createSenderStore(db: Db) {
  return {
    /** How many senders the company has, and the domains of their addresses. */
    async holdings(tx: Db, companyId: string): Promise<{ count: number; domains: string[] }> {
      const rows = await tx.query<{ domain: string; count: number }>(
        `SELECT split_part(email, '@', 2) AS domain, count(*)::int AS count FROM senders
         WHERE company_id = $1 GROUP BY 1`,
        [companyId],
      );
      return { count: rows.reduce((sum, row) => sum + row.count, 0), domains: rows.map((row) => row.domain) };
    },

    exists: async (tx: Db, companyId: string, email: string) =>
      (await tx.maybeOne('SELECT 1 FROM senders WHERE company_id = $1 AND email = $2', [
        companyId,
        email,
      ])) !== undefined,

    /** Undefined when the company has the address already. */
    insert: (
      tx: Db,
      sender: {
        companyId: string;
        email: string;
        name: string;
        replyTo: string | null;
        tokenHash: string;
        expiresAt: Date;
        now: Date;
      },
    ) =>
      tx.maybeOne<SenderRow>(
        `INSERT INTO senders (company_id, email, name, reply_to, token_hash, token_expires_at, link_sent_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (company_id, email) DO NOTHING
         RETURNING ${columns}`,
        [
          sender.companyId,
          sender.email,
          sender.name,
          sender.replyTo,
          sender.tokenHash,
          sender.expiresAt,
          sender.now,
        ],
      ),

    async page(companyId: string, query: SenderPageQuery): Promise<{ rows: SenderRow[]; total: number }> {
      const params: unknown[] = [companyId];
      const where = ['company_id = $1'];
      if (query.search) {
        params.push(containsPattern(query.search));
        where.push(`(email ILIKE $${params.length} ESCAPE '\\' OR name ILIKE $${params.length} ESCAPE '\\')`);
      }
      const status = new Set(query.status ?? []);
      if (status.size === 1) where.push(`validated_at IS ${status.has('validated') ? 'NOT NULL' : 'NULL'}`);
      const condition = where.join(' AND ');
      const direction = query.sort.descending ? 'DESC' : 'ASC';
      const total = await db.one<{ total: number }>(
        `SELECT count(*)::int AS total FROM senders WHERE ${condition}`,
        params,
      );
      const rows = await db.query<SenderRow>(
        `SELECT ${columns} FROM senders WHERE ${condition}
         ORDER BY ${orderColumns[query.sort.column]} ${direction}, senders.id ${direction}
         LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.size, (query.page - 1) * query.size],
      );
      return { rows, total: total.total };
    },

    get: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<SenderRow>(`SELECT ${columns} FROM senders WHERE company_id = $1 AND id = $2`, [
        companyId,
        id,
      ]),

    /** The sender a confirmation link names, whatever its company. */
    forLink: (id: string) => db.maybeOne<SenderRow>(`SELECT ${columns} FROM senders WHERE id = $1`, [id]),

    remove: (tx: Db, companyId: string, id: string) =>
      tx.maybeOne<SenderRow>(`DELETE FROM senders WHERE company_id = $1 AND id = $2 RETURNING ${columns}`, [
        companyId,
        id,
      ]),

    /** A new link for a sender not validated yet (the old one stops working); undefined otherwise. */
    renewLink: (companyId: string, id: string, link: { tokenHash: string; expiresAt: Date; now: Date }) =>
      db.maybeOne<SenderRow>(
        `UPDATE senders SET token_hash = $3, token_expires_at = $4, link_sent_at = $5
         WHERE company_id = $1 AND id = $2 AND validated_at IS NULL
         RETURNING ${columns}`,
        [companyId, id, link.tokenHash, link.expiresAt, link.now],
      ),

    markUnsent: async (companyId: string, id: string) => {
      await db.query('UPDATE senders SET link_sent_at = NULL WHERE company_id = $1 AND id = $2', [
        companyId,
        id,
      ]);
    },

    /**
     * Validates the sender if the link's token is still its current one; it becomes the default when the
     * company has none. Undefined when the sender was validated meanwhile, or its link replaced.
     */
    markValidated: (tx: Db, companyId: string, id: string, tokenHash: string, now: Date) =>
      tx.maybeOne<SenderRow>(
        `UPDATE senders SET validated_at = $4,
           is_default = NOT EXISTS (SELECT 1 FROM senders WHERE company_id = $1 AND is_default)
         WHERE company_id = $1 AND id = $2 AND token_hash = $3 AND validated_at IS NULL
         RETURNING ${columns}`,
        [companyId, id, tokenHash, now],
      ),

    /** Makes a validated sender the company's one default. */
    async setDefault(tx: Db, companyId: string, id: string): Promise<void> {
      // Two statements: the unique index on the default is checked row by row.
      await tx.query(
        'UPDATE senders SET is_default = false WHERE company_id = $1 AND is_default AND id <> $2',
        [companyId, id],
      );
      await tx.query('UPDATE senders SET is_default = true WHERE company_id = $1 AND id = $2', [
        companyId,
        id,
      ]);
    },

    /** After the default was removed: the oldest validated sender takes its place, if any. */
    async promoteOldestValidated(tx: Db, companyId: string): Promise<void> {
      await tx.query(
        `UPDATE senders SET is_default = true
         WHERE id = (SELECT id FROM senders WHERE company_id = $1 AND validated_at IS NOT NULL
                     ORDER BY validated_at, id LIMIT 1)`,
        [companyId],
      );
    },
  };
}
