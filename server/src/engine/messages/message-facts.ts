import type { Db } from '../../db/db.ts';

/** What the events about a message after its sending (bounce reports, complaints, unsubscribes) repeat of it. */
export interface MessageFacts {
  id: string;
  companyId: string;
  subaccountId: number;
  transmissionId: string | null;
  mailFrom: string;
  rcptTo: string;
  friendlyFrom: string;
  subject: string;
  campaignId: string;
  templateId: string | null;
  transactional: boolean;
  ipPool: string;
  metadata: Record<string, unknown>;
  tags: string[];
  createdAt: Date;
  size: number;
}

interface FactsRow {
  id: string;
  company_id: string;
  subaccount_id: string;
  transmission_id: string | null;
  mail_from: string;
  rcpt_to: string;
  friendly_from: string;
  subject: string;
  campaign_id: string;
  template_id: string | null;
  options: Record<string, unknown>;
  created_at: Date;
  size: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The facts of one message by id, whatever its company: callers hold an id they proved (a VERP
 * address or an unsubscribe token carries an HMAC of it) and act only within the company found.
 */
export async function messageFacts(db: Db, id: string): Promise<MessageFacts | undefined> {
  const row = await db.maybeOne<FactsRow>(
    `SELECT id, company_id, subaccount_id, transmission_id::text AS transmission_id, mail_from, rcpt_to,
       friendly_from, subject, campaign_id, template_id, options, created_at, COALESCE(octet_length(raw), 0) AS size
     FROM messages WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const { options } = row;
  return {
    id: row.id,
    companyId: row.company_id,
    subaccountId: Number(row.subaccount_id),
    transmissionId: row.transmission_id,
    mailFrom: row.mail_from,
    rcptTo: row.rcpt_to,
    friendlyFrom: row.friendly_from,
    subject: row.subject,
    campaignId: row.campaign_id,
    templateId: row.template_id,
    transactional: options.transactional === true,
    ipPool: typeof options.ip_pool === 'string' ? options.ip_pool : '',
    metadata: isRecord(options.metadata) ? options.metadata : {},
    tags: Array.isArray(options.tags) ? options.tags.filter((tag) => typeof tag === 'string') : [],
    createdAt: row.created_at,
    size: Number(row.size),
  };
}
