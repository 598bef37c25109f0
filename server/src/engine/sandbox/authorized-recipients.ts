import { createHash, randomUUID } from 'node:crypto';
import {
  type AuthorizedRecipient,
  authorizedRecipientLimit,
  authorizedRecipientResendSeconds,
} from '@app/contract/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanyStore } from '../../accounts/company/company-store.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { authorizedRecipientMail } from '../../mail/templates.ts';
import { setTourFlags } from './tour-flags.ts';

interface RecipientRow {
  id: string;
  email: string;
  verified_at: Date | null;
  last_sent_at: Date | null;
  created_at: Date;
}

/**
 * The id the console sees. The row id is the secret of the verification link, so the company must not
 * learn it (it could verify any address itself); it gets this one-way derivation instead.
 */
export const publicRecipientId = (id: string) => createHash('sha256').update(id).digest('hex').slice(0, 32);

const toRecipient = (row: RecipientRow): AuthorizedRecipient => ({
  id: publicRecipientId(row.id),
  email: row.email,
  verified: row.verified_at !== null,
  verifiedAt: row.verified_at?.toISOString() ?? null,
  lastSentAt: row.last_sent_at?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RecipientServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  companies: Pick<CompanyStore, 'lockName'>;
}

/** The `authorized_recipients` table and the verification mails of its addresses. */
export function createRecipientService(deps: RecipientServiceDeps) {
  const { db, mailer, clock, publicUrl, companies } = deps;
  const resendMs = authorizedRecipientResendSeconds * 1000;

  const list = async (companyId: string): Promise<AuthorizedRecipient[]> => {
    const rows = await db.query<RecipientRow>(
      `SELECT id, email, verified_at, last_sent_at, created_at FROM authorized_recipients
       WHERE company_id = $1 ORDER BY created_at, email`,
      [companyId],
    );
    return rows.map(toRecipient);
  };

  const sendVerification = (companyName: string, recipient: { id: string; email: string }) =>
    mailer.send({
      to: recipient.email,
      ...authorizedRecipientMail(companyName, `${publicUrl}/authorized-recipient/verify/${recipient.id}`),
    });

  return {
    list,

    /** Adds the addresses not listed yet and mails each a verification link. */
    add: async (companyId: string, emails: string[], log: FastifyBaseLogger) => {
      const now = clock.now();
      const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
      const { companyName, inserted } = await db.transaction(async (tx) => {
        // The row lock serializes concurrent adds of one company, so the limit holds.
        const companyName = await companies.lockName(tx, companyId);
        const existing = await tx.query<{ email: string }>(
          'SELECT lower(email) AS email FROM authorized_recipients WHERE company_id = $1',
          [companyId],
        );
        const listed = new Set(existing.map((row) => row.email));
        const fresh = wanted.filter((email) => !listed.has(email));
        if (listed.size + fresh.length > authorizedRecipientLimit) {
          const room = Math.max(0, authorizedRecipientLimit - listed.size);
          throw new DomainError(
            'quotaExceeded',
            `A company can have at most ${authorizedRecipientLimit} authorized recipients: ${listed.size} are listed, ` +
              `so ${room === 0 ? 'remove one first' : `at most ${room} more can be added`}`,
            { field: 'emails', feature: 'sandbox', subfeature: 'authorized recipients' },
          );
        }
        if (fresh.length === 0) return { companyName, inserted: [] };
        const rows = await tx.query<{ id: string; email: string }>(
          `INSERT INTO authorized_recipients (id, company_id, email, last_sent_at, created_at)
           SELECT unnest($2::uuid[]), $1, unnest($3::text[]), $4, $4
           ON CONFLICT DO NOTHING
           RETURNING id, email`,
          [companyId, fresh.map(() => randomUUID()), fresh, now],
        );
        await setTourFlags(tx, companyId, ['sandboxSetAuthorizedRecipient']);
        return { companyName, inserted: rows };
      });

      const results = await Promise.allSettled(
        inserted.map((recipient) => sendVerification(companyName, recipient)),
      );
      const failed = inserted.filter((_, index) => results[index]?.status === 'rejected');
      if (failed.length > 0) {
        log.warn(
          { recipients: failed.map((row) => row.email) },
          'authorized recipient verification mail failed',
        );
        // lastSentAt null tells the console the mail did not go out; resend is allowed at once.
        await db.query('UPDATE authorized_recipients SET last_sent_at = NULL WHERE id = ANY($1::uuid[])', [
          failed.map((row) => row.id),
        ]);
      }
      return {
        items: await list(companyId),
        limit: authorizedRecipientLimit,
        added: wanted.filter((email) => inserted.some((row) => row.email === email)),
      };
    },

    /** Mails the verification link again, at most once a minute per address. */
    resend: async (companyId: string, email: string): Promise<AuthorizedRecipient> => {
      const now = clock.now();
      const claimed = await db.maybeOne<RecipientRow & { company_name: string }>(
        `UPDATE authorized_recipients r SET last_sent_at = $3
         FROM companies c
         WHERE r.company_id = $1 AND lower(r.email) = $2 AND c.id = r.company_id AND r.verified_at IS NULL
           AND (r.last_sent_at IS NULL OR r.last_sent_at <= $4)
         RETURNING r.id, r.email, r.verified_at, r.last_sent_at, r.created_at, c.name AS company_name`,
        [companyId, email.toLowerCase(), now, new Date(now.getTime() - resendMs)],
      );
      if (!claimed) throw await resendRefusal(companyId, email, now);
      try {
        await sendVerification(claimed.company_name, claimed);
      } catch (error) {
        await db.query('UPDATE authorized_recipients SET last_sent_at = NULL WHERE id = $1', [claimed.id]);
        throw error;
      }
      return toRecipient(claimed);
    },

    remove: async (companyId: string, publicId: string): Promise<void> => {
      const rows = await db.query<{ id: string }>(
        'SELECT id FROM authorized_recipients WHERE company_id = $1',
        [companyId],
      );
      const row = rows.find((candidate) => publicRecipientId(candidate.id) === publicId);
      if (!row) throw new DomainError('entityNotFound', 'No such authorized recipient');
      await db.query('DELETE FROM authorized_recipients WHERE id = $1 AND company_id = $2', [
        row.id,
        companyId,
      ]);
    },

    /** The link in the mail; no login. Verifying again keeps the first time. */
    verify: async (id: string) => {
      const now = clock.now();
      const row = uuidPattern.test(id)
        ? await db.maybeOne<{ email: string; verified_at: Date; name: string }>(
            `UPDATE authorized_recipients r SET verified_at = COALESCE(r.verified_at, $2)
             FROM companies c
             WHERE r.id = $1 AND c.id = r.company_id
             RETURNING r.email, r.verified_at, c.name`,
            [id, now],
          )
        : undefined;
      if (!row) {
        throw new DomainError(
          'entityNotFound',
          'This verification link is not valid: the address may have been removed from the authorized recipients',
        );
      }
      return {
        email: row.email,
        verifiedAt: row.verified_at.toISOString(),
        companyName: row.name,
        alreadyVerified: row.verified_at.getTime() !== now.getTime(),
      };
    },
  };

  async function resendRefusal(companyId: string, email: string, now: Date) {
    const row = await db.maybeOne<{ verified_at: Date | null; last_sent_at: Date | null }>(
      'SELECT verified_at, last_sent_at FROM authorized_recipients WHERE company_id = $1 AND lower(email) = $2',
      [companyId, email.toLowerCase()],
    );
    if (!row) {
      return new DomainError('entityNotFound', `${email} is not an authorized recipient; add it first`, {
        field: 'email',
        value: email,
      });
    }
    if (row.verified_at) {
      return new DomainError('state', `${email} is already verified`, { field: 'email', value: email });
    }
    const waitMs = (row.last_sent_at?.getTime() ?? 0) + resendMs - now.getTime();
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return new DomainError(
      'tooManyAttempts',
      `A verification mail was sent to ${email} less than a minute ago; try again in ${seconds} seconds`,
      { field: 'email', value: email },
    );
  }
}

export type RecipientService = ReturnType<typeof createRecipientService>;
