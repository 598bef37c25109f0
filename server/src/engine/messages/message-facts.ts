import type { Db } from '../../db/db.ts';
import type { MessageEventType, NewMessageEvent } from '../events/message-event.ts';

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
  /** to, cc or bcc; absent on messages stored before it was kept. */
  rcptType?: string | undefined;
  createdAt: Date;
  /** When it was delivered or bounced for good; null while it is queued. */
  finishedAt: Date | null;
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
  finished_at: Date | null;
  size: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The facts a message's stored sending options give: its type, IP pool, metadata, tags and recipient type. */
export function optionFacts(
  options: Record<string, unknown>,
): Pick<MessageFacts, 'transactional' | 'ipPool' | 'metadata' | 'tags' | 'rcptType'> {
  return {
    rcptType: typeof options.rcpt_type === 'string' ? options.rcpt_type : undefined,
    transactional: options.transactional === true,
    ipPool: typeof options.ip_pool === 'string' ? options.ip_pool : '',
    metadata: isRecord(options.metadata) ? options.metadata : {},
    tags: Array.isArray(options.tags) ? options.tags.filter((tag) => typeof tag === 'string') : [],
  };
}

/**
 * The facts of one message by id, whatever its company: callers hold an id they proved (a VERP
 * address or an unsubscribe token carries an HMAC of it) and act only within the company found.
 */
export async function messageFacts(db: Db, id: string): Promise<MessageFacts | undefined> {
  const row = await db.maybeOne<FactsRow>(
    `SELECT id, company_id, subaccount_id, transmission_id::text AS transmission_id, mail_from, rcpt_to,
       friendly_from, subject, campaign_id, template_id, options, created_at, finished_at, COALESCE(octet_length(raw), 0) AS size
     FROM messages WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
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
    ...optionFacts(row.options),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    size: Number(row.size),
  };
}

/**
 * An event about a message (an attempt's outcome, feedback, an open, a click), with the facts every
 * event of the message carries; `extra.fields` adds the fields of its type.
 */
export function factsEvent(
  message: Omit<MessageFacts, 'finishedAt'>,
  type: MessageEventType,
  at: Date,
  extra: { bounceClass?: number | undefined; reason?: string | undefined; fields: Record<string, unknown> },
): NewMessageEvent {
  return {
    companyId: message.companyId,
    subaccountId: message.subaccountId,
    type,
    timestamp: at,
    messageId: message.id,
    transmissionId: message.transmissionId,
    campaignId: message.campaignId,
    templateId: message.templateId,
    rcptTo: message.rcptTo,
    friendlyFrom: message.friendlyFrom,
    subject: message.subject,
    ipPool: message.ipPool,
    bounceClass: extra.bounceClass ?? null,
    reason: extra.reason ?? '',
    fields: {
      msg_from: message.mailFrom,
      raw_rcpt_to: message.rcptTo,
      rcpt_meta: message.metadata,
      rcpt_tags: message.tags,
      injection_time: message.createdAt.toISOString(),
      msg_size: String(message.size),
      transactional: message.transactional ? '1' : '0',
      ...(message.rcptType ? { rcpt_type: message.rcptType } : {}),
      ...extra.fields,
    },
  };
}
