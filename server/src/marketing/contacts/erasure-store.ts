import { createHash } from 'node:crypto';
import type { ContactStatus } from '@app/contract/marketing/contacts';
import type { Db } from '../../db/db.ts';

/** What an erased address comes back as. */
export type ErasedStatus = Extract<ContactStatus, 'unsubscribed' | 'bounced' | 'complained'>;

/** The hash an erased address is kept as: salted with the company, so lists of two companies never match. */
const hashOf = (companyId: string, email: string) =>
  createHash('sha256').update(`${companyId}:${email.toLowerCase()}`).digest();

/** Hashes of erased addresses (contact_erasures): what a privacy request leaves behind. */
export const erasureStore = {
  /** Keeps the erased address as a hash, with the status it leaves with (a subscribed one as unsubscribed). */
  add: (tx: Db, companyId: string, email: string, status: ErasedStatus, now: Date) =>
    tx.query(
      `INSERT INTO contact_erasures (company_id, address_hash, status, erased_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (company_id, address_hash) DO UPDATE SET status = EXCLUDED.status, erased_at = EXCLUDED.erased_at`,
      [companyId, hashOf(companyId, email), status, now],
    ),

  /** The (lower-cased) addresses among `emails` the company erased, with the status each left with. */
  async erasedAmong(
    db: Db,
    companyId: string,
    emails: readonly string[],
  ): Promise<Map<string, ErasedStatus>> {
    if (emails.length === 0) return new Map();
    const byHash = new Map(
      emails.map((email) => [hashOf(companyId, email).toString('hex'), email.toLowerCase()]),
    );
    const rows = await db.query<{ hash: string; status: ErasedStatus }>(
      `SELECT encode(address_hash, 'hex') AS hash, status FROM contact_erasures
       WHERE company_id = $1 AND address_hash = ANY($2::bytea[])`,
      [companyId, [...byHash.keys()].map((hash) => Buffer.from(hash, 'hex'))],
    );
    const erased = new Map<string, ErasedStatus>();
    for (const row of rows) {
      const email = byHash.get(row.hash);
      if (email !== undefined) erased.set(email, row.status);
    }
    return erased;
  },

  /** The person resubscribed: the erasure no longer holds. */
  lift: (tx: Db, companyId: string, email: string) =>
    tx.query('DELETE FROM contact_erasures WHERE company_id = $1 AND address_hash = $2', [
      companyId,
      hashOf(companyId, email),
    ]),
};
