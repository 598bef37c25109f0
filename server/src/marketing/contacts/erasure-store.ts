import { createHash } from 'node:crypto';
import type { Db } from '../../db/db.ts';

/** The hash an erased address is kept as: salted with the company, so lists of two companies never match. */
const hashOf = (companyId: string, email: string) =>
  createHash('sha256').update(`${companyId}:${email.toLowerCase()}`).digest();

/** Hashes of erased addresses (contact_erasures): what a privacy request leaves behind. */
export const erasureStore = {
  add: (tx: Db, companyId: string, email: string, now: Date) =>
    tx.query(
      `INSERT INTO contact_erasures (company_id, address_hash, erased_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [companyId, hashOf(companyId, email), now],
    ),

  /** The (lower-cased) addresses among `emails` the company erased. */
  async erasedAmong(db: Db, companyId: string, emails: readonly string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const byHash = new Map(
      emails.map((email) => [hashOf(companyId, email).toString('hex'), email.toLowerCase()]),
    );
    const rows = await db.query<{ hash: string }>(
      `SELECT encode(address_hash, 'hex') AS hash FROM contact_erasures
       WHERE company_id = $1 AND address_hash = ANY($2::bytea[])`,
      [companyId, [...byHash.keys()].map((hash) => Buffer.from(hash, 'hex'))],
    );
    return new Set(rows.flatMap((row) => byHash.get(row.hash) ?? []));
  },

  /** The person resubscribed: the erasure no longer holds. */
  lift: (tx: Db, companyId: string, email: string) =>
    tx.query('DELETE FROM contact_erasures WHERE company_id = $1 AND address_hash = $2', [
      companyId,
      hashOf(companyId, email),
    ]),
};
