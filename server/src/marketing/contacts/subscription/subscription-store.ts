import type { ContactStatus } from '@app/contract/marketing/contacts';
import type { Db } from '../../../db/db.ts';
import type { ContactConsent } from '../contact-store.ts';

/** A status a suppression sets, with what it may replace (a complaint outranks a bounce, which outranks an unsubscribe). */
export interface StatusChange {
  companyId: string;
  email: string;
  status: Extract<ContactStatus, 'unsubscribed' | 'bounced' | 'complained'>;
}

const replaceable: Record<StatusChange['status'], ContactStatus[]> = {
  unsubscribed: ['subscribed', 'pending'],
  bounced: ['subscribed', 'pending', 'unsubscribed'],
  complained: ['subscribed', 'pending', 'unsubscribed', 'bounced'],
};

/** Contact statuses. */
export const subscriptionStore = {
  /** Sets a contact's status; answers the contact's id, or undefined when the company has no such address. */
  setStatus: async (tx: Db, companyId: string, email: string, status: ContactStatus, now: Date) =>
    (
      await tx.maybeOne<{ id: string }>(
        'UPDATE contacts SET status = $3, updated_at = $4 WHERE company_id = $1 AND email = $2 RETURNING id::text AS id',
        [companyId, email, status, now],
      )
    )?.id,

  /**
   * A pending or subscribed contact confirmed its sign-up: subscribed, with the consent it gave; true
   * when the company has such a contact (an unsubscribed, bounced or complained one is left alone).
   */
  confirm: async (tx: Db, companyId: string, email: string, consent: ContactConsent, now: Date) =>
    (
      await tx.query(
        `UPDATE contacts SET status = 'subscribed', consent = $3::jsonb, updated_at = $4
         WHERE company_id = $1 AND email = $2 AND status IN ('pending', 'subscribed') RETURNING 1`,
        [companyId, email, JSON.stringify(consent), now],
      )
    ).length > 0,

  /** Applies suppressions to the contacts they name, where they outrank the contact's status; answers how many changed. */
  async applyAll(tx: Db, changes: readonly StatusChange[], now: Date): Promise<number> {
    if (changes.length === 0) return 0;
    const changed = await tx.query(
      `UPDATE contacts c SET status = x.status, updated_at = $5
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS x (company_id, email, status, replaceable)
       WHERE c.company_id = x.company_id AND c.email = x.email
         AND c.status = ANY(string_to_array(x.replaceable, ','))
       RETURNING c.id`,
      [
        changes.map((change) => change.companyId),
        changes.map((change) => change.email),
        changes.map((change) => change.status),
        changes.map((change) => replaceable[change.status].join(',')),
        now,
      ],
    );
    return changed.length;
  },
};
