import type { Db } from '../../server/src/db/db.ts';
import type { AcknowledgedSend } from './crash-burst.ts';

export interface StoredCopies {
  /** Message rows per subject and recipient. */
  messages: Map<string, number>;
  /** `injection` events per subject and recipient. */
  injections: Map<string, number>;
  /** Message rows a delivery worker has not composed yet (no raw, no injection event) per subject and recipient. */
  uncomposed: Map<string, number>;
  /** Message rows whose stored raw message lacks their subject (a torn or empty write). */
  incomplete: number;
  /** Injection events without their message row, and composed message rows without their injection event. */
  orphans: number;
}

const keyOf = (subject: string, recipient: string) => `${subject} -> ${recipient}`;

export async function readStoredCopies(db: Db, companyId: string): Promise<StoredCopies> {
  // A production message is composed when a worker takes it: until then its subject is its transmission's.
  const messages = await db.query<{
    subject: string;
    rcpt_to: string;
    copies: number;
    incomplete: number;
    uncomposed: number;
  }>(
    `SELECT COALESCE(NULLIF(m.subject, ''), t.generation #>> '{content,parts,subject}', '') AS subject,
            m.rcpt_to, count(*)::int AS copies,
            count(*) FILTER (WHERE position(convert_to(m.subject, 'UTF8') IN m.raw) = 0)::int AS incomplete,
            count(*) FILTER (WHERE m.raw IS NULL)::int AS uncomposed
     FROM messages m LEFT JOIN transmissions t ON t.id = m.transmission_id
     WHERE m.company_id = $1 GROUP BY 1, 2`,
    [companyId],
  );
  const injections = await db.query<{ subject: string; rcpt_to: string; copies: number }>(
    `SELECT subject, rcpt_to, count(*)::int AS copies
     FROM message_events WHERE company_id = $1 AND type = 'injection' GROUP BY subject, rcpt_to`,
    [companyId],
  );
  const [orphans] = await db.query<{ count: number }>(
    `SELECT (SELECT count(*) FROM message_events e WHERE e.company_id = $1 AND e.type = 'injection'
               AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = e.message_id))
          + (SELECT count(*) FROM messages m WHERE m.company_id = $1 AND m.raw IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM message_events e WHERE e.message_id = m.id AND e.type = 'injection'))
          AS count`,
    [companyId],
  );
  return {
    messages: new Map(messages.map((row) => [keyOf(row.subject, row.rcpt_to), row.copies])),
    injections: new Map(injections.map((row) => [keyOf(row.subject, row.rcpt_to), row.copies])),
    uncomposed: new Map(messages.map((row) => [keyOf(row.subject, row.rcpt_to), row.uncomposed])),
    incomplete: messages.reduce((sum, row) => sum + row.incomplete, 0),
    orphans: Number(orphans?.count ?? 0),
  };
}

/** Every way the stored rows break the promise "acknowledged means stored exactly once"; empty when kept. */
export function brokenPromises(acknowledged: AcknowledgedSend[], stored: StoredCopies): string[] {
  const problems: string[] = [];
  for (const send of acknowledged) {
    for (const recipient of send.recipients) {
      const key = keyOf(send.subject, recipient);
      const copies = stored.messages.get(key) ?? 0;
      const injections = stored.injections.get(key) ?? 0;
      const composed = copies - (stored.uncomposed.get(key) ?? 0);
      if (copies !== 1) problems.push(`${key}: acknowledged, ${copies} message rows`);
      if (injections !== composed)
        problems.push(
          `${key}: acknowledged, ${injections} injection events for ${composed} composed messages`,
        );
    }
  }
  // Sends cut off by the kill may or may not have been committed, but never twice.
  for (const [key, copies] of stored.messages) {
    if (copies > 1) problems.push(`${key}: ${copies} message rows`);
  }
  for (const [key, copies] of stored.injections) {
    if (copies > 1) problems.push(`${key}: ${copies} injection events`);
  }
  if (stored.incomplete > 0)
    problems.push(`${stored.incomplete} message rows without their full raw message`);
  if (stored.orphans > 0) problems.push(`${stored.orphans} messages and injection events without each other`);
  // Deduplicated: a duplicate acknowledged send is reported by both loops.
  return [...new Set(problems)];
}

/** Recipients stored for sends that were never acknowledged (committed, then the reply was lost). */
export function unacknowledgedStored(acknowledged: AcknowledgedSend[], stored: StoredCopies): number {
  const acknowledgedKeys = new Set(
    acknowledged.flatMap((send) => send.recipients.map((recipient) => keyOf(send.subject, recipient))),
  );
  return [...stored.messages.keys()].filter((key) => !acknowledgedKeys.has(key)).length;
}
