import { messageEventTypes } from '@app/contract/schemas';

export { messageEventTypes };

export type MessageEventType = (typeof messageEventTypes)[number];

/**
 * One event as written by the engine. The columns are what the search filters on; `fields` holds the
 * remaining SparkPost event fields (msg_from, rcpt_meta, rcpt_tags, template_version, msg_size,
 * raw_rcpt_to, rcpt_type, error_code, raw_reason, ...), served as they are.
 */
export interface NewMessageEvent {
  companyId: string;
  subaccountId: number;
  type: MessageEventType;
  timestamp: Date;
  messageId: string | null;
  transmissionId: string | null;
  campaignId: string;
  templateId: string | null;
  rcptTo: string;
  friendlyFrom: string;
  subject: string;
  ipPool: string;
  bounceClass: number | null;
  reason: string;
  fields: Record<string, unknown>;
}
