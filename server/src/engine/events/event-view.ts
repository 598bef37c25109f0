import type { MessageEventView } from '@app/contract/engine/index';
import type { StoredMessageEvent } from './event-store.ts';

/**
 * An event as SparkPost serves it: the stored fields, then the column values over them. Ids and
 * numbers are strings as in SparkPost's events; fields with no value are left out.
 */
export function toEventView(event: StoredMessageEvent): MessageEventView {
  const view: MessageEventView = {
    ...event.fields,
    type: event.type,
    event_id: event.id,
    timestamp: event.timestamp.toISOString(),
    customer_id: event.companyId,
    subaccount_id: String(event.subaccountId),
    campaign_id: event.campaignId,
    rcpt_to: event.rcptTo,
    recipient_domain: event.recipientDomain,
    friendly_from: event.friendlyFrom,
    sending_domain: event.sendingDomain,
    subject: event.subject,
    ip_pool: event.ipPool,
  };
  if (event.messageId !== null) view.message_id = event.messageId;
  if (event.transmissionId !== null) view.transmission_id = event.transmissionId;
  if (event.templateId !== null) view.template_id = event.templateId;
  if (event.bounceClass !== null) view.bounce_class = String(event.bounceClass);
  if (event.reason !== '') view.reason = event.reason;
  return view;
}
