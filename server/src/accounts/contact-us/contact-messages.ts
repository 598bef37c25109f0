import { type ContactMessage, contactMessagesPerHour, type contactUsBody } from '@app/contract/schemas';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ReportError } from '../../report-error.ts';
import { operatorNote } from './operator-mail.ts';

// The `contact_messages` table: every statement on it.

type ContactUs = z.output<typeof contactUsBody>;

interface MessageRow {
  id: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  created_at: Date | string;
  mailed_at: Date | string | null;
}

const columns = 'id, name, email, company, phone, message, created_at, mailed_at';

const toMessage = (row: MessageRow): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  message: row.message,
  createdAt: new Date(row.created_at).toISOString(),
  mailed: row.mailed_at !== null,
});

export interface ContactServiceDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  /** Where the messages go: the operator's support mailbox (SUPPORT_EMAIL, else MAIL_FROM). */
  operatorEmail: string;
  report: ReportError;
  /**
   * The sender's address and company name, read with the company row locked until the transaction
   * ends (the company store's lock): one company's sends are serialized, so the hourly limit holds.
   */
  sender: (
    tx: Db,
    caller: { companyId: string; userId: string },
  ) => Promise<{ email: string; companyName: string }>;
}

export type ContactService = ReturnType<typeof createContactService>;

/** §3 contact-us messages: stored with the sender's company and user, then mailed to the operator. */
export function createContactService(deps: ContactServiceDeps) {
  const { db, clock, mailer, operatorEmail } = deps;
  const hourMs = 60 * 60 * 1000;

  return {
    /** Refuses the sixth message of a user within an hour (429 tooManyAttempts). */
    async send(caller: { companyId: string; userId: string }, body: ContactUs): Promise<ContactMessage> {
      const now = clock.now();
      const { row, account } = await db.transaction(async (tx) => {
        const account = await deps.sender(tx, caller);
        const recent = await tx.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM contact_messages WHERE user_id = $1 AND created_at > $2',
          [caller.userId, new Date(now.getTime() - hourMs)],
        );
        if (recent.count >= contactMessagesPerHour) {
          throw new DomainError(
            'tooManyAttempts',
            `You can send ${contactMessagesPerHour} messages an hour. Please try again later.`,
          );
        }
        const row = await tx.one<MessageRow>(
          `INSERT INTO contact_messages (company_id, user_id, name, email, company, phone, message, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${columns}`,
          [
            caller.companyId,
            caller.userId,
            body.name,
            body.email,
            body.company,
            body.phone,
            body.message,
            now,
          ],
        );
        return { row, account };
      });

      try {
        await mailer.send({
          to: operatorEmail,
          replyTo: body.email,
          ...operatorNote(
            `Contact us: ${body.name} (${body.company})`,
            [
              ['Name', body.name],
              ['Email', body.email],
              ['Phone', body.phone || '-'],
              ['Company', body.company],
              ['Account', `${account.companyName} (${account.email})`],
              ['Company id', caller.companyId],
              ['Sent', now.toISOString()],
            ],
            { label: 'Message', text: body.message },
          ),
        });
        const mailed = await db.one<MessageRow>(
          `UPDATE contact_messages SET mailed_at = $2 WHERE id = $1 RETURNING ${columns}`,
          [row.id, clock.now()],
        );
        return toMessage(mailed);
      } catch (error) {
        // Kept all the same: the operator finds it in contact_messages.
        deps.report(error, `contact-us message ${row.id} could not be mailed to ${operatorEmail}`);
        return toMessage(row);
      }
    },

    /** The company's latest messages, newest first. */
    async list(companyId: string, limit = 20): Promise<ContactMessage[]> {
      const rows = await db.query<MessageRow>(
        `SELECT ${columns} FROM contact_messages WHERE company_id = $1 ORDER BY created_at DESC LIMIT $2`,
        [companyId, limit],
      );
      return rows.map(toMessage);
    },
  };
}
