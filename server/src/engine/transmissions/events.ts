import type { MessageEventType, NewMessageEvent } from '../events/message-event.ts';
import type { QuotaCharge } from '../usage/usage-meter.ts';

/** What every event of one send shares. */
export interface SendContext {
  companyId: string;
  subaccountId: number;
  environment: 'sandbox' | 'production';
  transmissionId: string;
  campaignId: string;
  templateId: string | null;
  templateVersion: number | null;
  ipPool: string;
  /** options.dkim_key: the key of the From domain that signs the messages (checked at acceptance). */
  dkimKey?: string;
  transactional: boolean;
  openTracking: boolean;
  clickTracking: boolean;
  /** SparkPost's initial_open option: a second open pixel at the top of the html. */
  initialOpen?: boolean;
  /** Where the send's tracked links and open pixels point (scheme and host); none leaves it untracked. */
  trackingBase?: string;
  metadata: Record<string, unknown>;
  injectedAt: Date;
}

export interface RecipientFacts {
  rcptTo: string;
  rawRcptTo: string;
  rcptType: 'to' | 'cc' | 'bcc';
  tags: string[];
  metadata: Record<string, unknown>;
  friendlyFrom: string;
  msgFrom: string;
  subject: string;
}

/** One SparkPost event of a send; `extra` adds the fields of that type (msg_size, reason...). */
export function sendEvent(
  send: SendContext,
  recipient: RecipientFacts,
  type: MessageEventType,
  messageId: string | null,
  extra: { reason?: string; fields?: Record<string, unknown> } = {},
): NewMessageEvent {
  return {
    companyId: send.companyId,
    subaccountId: send.subaccountId,
    type,
    timestamp: send.injectedAt,
    messageId,
    transmissionId: send.transmissionId,
    campaignId: send.campaignId,
    templateId: send.templateId,
    rcptTo: recipient.rcptTo,
    friendlyFrom: recipient.friendlyFrom,
    subject: recipient.subject,
    ipPool: send.ipPool,
    bounceClass: null,
    reason: extra.reason ?? '',
    fields: {
      msg_from: recipient.msgFrom,
      raw_rcpt_to: recipient.rawRcptTo,
      rcpt_type: recipient.rcptType,
      rcpt_tags: recipient.tags,
      rcpt_meta: { ...send.metadata, ...recipient.metadata },
      template_version: send.templateVersion === null ? undefined : String(send.templateVersion),
      injection_time: send.injectedAt.toISOString(),
      transactional: send.transactional ? '1' : '0',
      open_tracking: send.openTracking,
      click_tracking: send.clickTracking,
      sandbox: send.environment === 'sandbox',
      ...extra.fields,
    },
  };
}

/**
 * Quota charges of `count` generated messages: production counts against the monthly and daily
 * email quotas (and bulk for multi-recipient sends); the sandbox against its own daily quota.
 */
export function chargesFor(
  environment: 'sandbox' | 'production',
  count: number,
  bulk: boolean,
): QuotaCharge[] {
  if (count === 0) return [];
  if (environment === 'sandbox') return [{ feature: 'sandbox', amount: count }];
  const charges = [
    { feature: 'email', amount: count },
    { feature: 'daily', amount: count },
  ];
  return bulk ? [...charges, { feature: 'bulk', amount: count }] : charges;
}

/** SparkPost's reason texts for the refusals the engine makes before delivery. */
export const rejectionReasons = {
  suppressed: '554 5.7.1 recipient address was suppressed due to customer policy',
  notAuthorized: '550 5.7.1 recipient is not a verified authorized recipient of this sandbox',
} as const;

/** The options every message of a send carries (its tracking, kind and IP pool), as stored on its row. */
export function messageOptions(send: SendContext): Record<string, unknown> {
  return {
    open_tracking: send.openTracking,
    click_tracking: send.clickTracking,
    transactional: send.transactional,
    ...(send.ipPool ? { ip_pool: send.ipPool } : {}),
    ...(send.dkimKey ? { dkim_key: send.dkimKey } : {}),
  };
}
