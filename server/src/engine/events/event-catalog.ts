import type { MessageEventType } from './message-event.ts';

interface FieldDoc {
  description: string;
  sampleValue: unknown;
}

/** Every field an event may carry: what it means and a realistic value. */
const fields = {
  type: { description: 'Type of the event', sampleValue: 'delivery' },
  event_id: {
    description: 'Unique id of the event; use it to drop duplicates',
    sampleValue: '84230911224816640',
  },
  timestamp: {
    description: 'When the event happened (ISO 8601, UTC)',
    sampleValue: '2024-05-01T09:30:12.000Z',
  },
  customer_id: {
    description: 'Id of the company the event belongs to',
    sampleValue: '0b8c3f4e-52f1-4c7e-9a43-3f0d2b6c9e11',
  },
  subaccount_id: {
    description: "Subaccount the message was sent for; 0 is the company's own account",
    sampleValue: '12',
  },
  message_id: {
    description: 'Id of the message; every event of one message carries the same id',
    sampleValue: '6f1c2a9e-3d4b-4c5a-8e7f-1a2b3c4d5e6f',
  },
  transmission_id: { description: 'Transmission that created the message', sampleValue: '30551488413650912' },
  campaign_id: { description: 'Campaign of the transmission; empty when none', sampleValue: 'spring-sale' },
  template_id: { description: 'Template the content came from', sampleValue: 'order-confirmation' },
  template_version: { description: 'Published version of the template used', sampleValue: '3' },
  friendly_from: { description: 'Address in the From header', sampleValue: 'orders@shop.example' },
  msg_from: {
    description: 'Envelope sender (return path) of the message',
    sampleValue: 'bounces@shop.example',
  },
  rcpt_to: { description: 'Recipient address, lower-cased', sampleValue: 'jane.doe@mail.example' },
  raw_rcpt_to: { description: 'Recipient address as it was submitted', sampleValue: 'Jane.Doe@mail.example' },
  rcpt_type: { description: 'How the recipient was addressed: to, cc or bcc', sampleValue: 'to' },
  rcpt_meta: {
    description: 'Metadata of the transmission and of the recipient',
    sampleValue: { order_id: 'A-1042', plan: 'pro' },
  },
  rcpt_tags: { description: 'Tags of the recipient', sampleValue: ['customer', 'eu'] },
  recipient_domain: { description: 'Domain of the recipient address', sampleValue: 'mail.example' },
  sending_domain: { description: 'Domain of the From address', sampleValue: 'shop.example' },
  subject: { description: 'Subject line of the message', sampleValue: 'Your order A-1042 is confirmed' },
  ip_pool: { description: 'IP pool the message was sent through', sampleValue: 'default' },
  injection_time: {
    description: 'When the message was accepted for sending (ISO 8601, UTC)',
    sampleValue: '2024-05-01T09:30:10.000Z',
  },
  msg_size: { description: 'Size of the message in bytes', sampleValue: '5120' },
  sending_ip: { description: 'Address the message was sent from', sampleValue: '203.0.113.25' },
  routing_domain: {
    description: 'Domain the message was routed to (its MX lookup)',
    sampleValue: 'mail.example',
  },
  num_retries: { description: 'Delivery attempts before this one', sampleValue: '0' },
  queue_time: { description: 'Milliseconds the message waited in the queue', sampleValue: '1840' },
  delv_method: { description: 'How the message was handed over', sampleValue: 'esmtp' },
  outbound_tls: { description: 'Whether the connection to the receiving server used TLS', sampleValue: '1' },
  mailbox_provider: { description: 'Mailbox provider of the recipient', sampleValue: 'Gmail' },
  bounce_class: {
    description: 'Bounce classification code (10 invalid recipient, 21 DNS failure, 25 admin failure, ...)',
    sampleValue: '10',
  },
  error_code: { description: 'SMTP status code of the answer', sampleValue: '550' },
  reason: {
    description: 'Why the message failed, with address details removed',
    sampleValue: '550 5.1.1 The email account that you tried to reach does not exist',
  },
  raw_reason: {
    description: 'The answer of the receiving server as received',
    sampleValue:
      '550 5.1.1 <jane.doe@mail.example>: The email account that you tried to reach does not exist',
  },
  user_agent: {
    description:
      'Browser or mail client that opened the message or followed the link; for a complaint, the software that sent the report',
    sampleValue:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0',
  },
  ip_address: { description: 'Address the open or click came from', sampleValue: '198.51.100.77' },
  geo_ip: {
    description: 'Location of ip_address',
    sampleValue: { country: 'DE', region: 'BE', city: 'Berlin', latitude: 52.52, longitude: 13.405 },
  },
  prefetched: {
    description:
      'True when a machine made the open or click (a mail privacy proxy, a security scanner or link checker); absent for a person',
    sampleValue: false,
  },
  target_link_name: { description: 'Name given to the link that was followed', sampleValue: 'Track order' },
  target_link_url: {
    description: 'URL of the link that was followed',
    sampleValue: 'https://shop.example/orders/A-1042',
  },
  fbtype: { description: 'Kind of feedback report', sampleValue: 'abuse' },
  report_by: { description: 'Who sent the complaint report', sampleValue: 'fbl.mail.example' },
  report_to: { description: 'Where the complaint report was sent', sampleValue: 'fbl@shop.example' },
  mailfrom: {
    description: 'Envelope sender of the unsubscribe request',
    sampleValue: 'jane.doe@mail.example',
  },
} satisfies Record<string, FieldDoc>;

type FieldName = keyof typeof fields;

const common: FieldName[] = [
  'type',
  'event_id',
  'timestamp',
  'customer_id',
  'subaccount_id',
  'message_id',
  'transmission_id',
  'campaign_id',
  'template_id',
  'template_version',
  'friendly_from',
  'msg_from',
  'rcpt_to',
  'raw_rcpt_to',
  'rcpt_type',
  'rcpt_meta',
  'rcpt_tags',
  'recipient_domain',
  'sending_domain',
  'subject',
  'ip_pool',
  'injection_time',
  'msg_size',
];
const delivery: FieldName[] = [
  'sending_ip',
  'routing_domain',
  'num_retries',
  'queue_time',
  'delv_method',
  'outbound_tls',
  'mailbox_provider',
];
const failure: FieldName[] = ['bounce_class', 'error_code', 'reason', 'raw_reason'];
const tracking: FieldName[] = ['user_agent', 'ip_address', 'geo_ip', 'prefetched'];
const link: FieldName[] = ['target_link_name', 'target_link_url'];

const fieldsOf: Record<MessageEventType, FieldName[]> = {
  injection: common,
  delivery: [...common, ...delivery],
  bounce: [...common, ...delivery, ...failure],
  delay: [...common, ...delivery, ...failure],
  policy_rejection: [...common, ...failure],
  out_of_band: [...common, 'sending_ip', ...failure],
  spam_complaint: [...common, 'fbtype', 'report_by', 'report_to', 'user_agent'],
  open: [...common, ...tracking],
  initial_open: [...common, ...tracking],
  click: [...common, ...tracking, ...link],
  amp_open: [...common, ...tracking],
  amp_initial_open: [...common, ...tracking],
  amp_click: [...common, ...tracking, ...link],
  generation_failure: [...common, ...failure],
  generation_rejection: [...common, ...failure],
  list_unsubscribe: [...common, 'mailfrom'],
  link_unsubscribe: [...common, 'mailfrom', ...tracking, 'target_link_url'],
};

/** Sample values that differ by type (a delay is temporary, a policy rejection happens before sending, ...). */
const overrides: Partial<Record<MessageEventType, Partial<Record<FieldName, unknown>>>> = {
  delay: {
    bounce_class: '21',
    error_code: '421',
    reason: '421 4.7.0 Try again later, closing connection',
    raw_reason: '421 4.7.0 [203.0.113.25] Try again later, closing connection',
    num_retries: '2',
  },
  policy_rejection: {
    bounce_class: '25',
    error_code: '554',
    reason: '554 5.7.1 Recipient address is on the suppression list',
    raw_reason: '554 5.7.1 Recipient address is on the suppression list',
  },
  out_of_band: {
    bounce_class: '10',
    reason: '550 5.1.1 User unknown',
    raw_reason: '550 5.1.1 <jane.doe@mail.example>: User unknown',
  },
  generation_failure: {
    bounce_class: '80',
    error_code: '554',
    reason: '554 5.3.3 Substitution failed: the template refers to a missing value',
    raw_reason: '554 5.3.3 Substitution failed: the template refers to a missing value',
  },
  generation_rejection: {
    bounce_class: '25',
    error_code: '554',
    reason: '554 5.7.1 Recipient address is on the suppression list',
    raw_reason: '554 5.7.1 Recipient address is on the suppression list',
  },
  link_unsubscribe: { target_link_url: 'https://shop.example/unsubscribe?u=jane' },
  spam_complaint: { user_agent: 'SomeISP-FBL/1.0' },
};

function sampleValueOf(type: MessageEventType, field: FieldName): unknown {
  if (field === 'type') return type;
  const override = overrides[type]?.[field];
  return override === undefined ? fields[field].sampleValue : override;
}

/** A realistic event of `type` with every field it may carry. */
export function sampleEvent(type: MessageEventType): Record<string, unknown> {
  return Object.fromEntries(fieldsOf[type].map((field) => [field, sampleValueOf(type, field)]));
}

/** The fields of `type` with a description and a sample value each. */
export function eventDocumentation(type: MessageEventType): Record<string, FieldDoc> {
  return Object.fromEntries(
    fieldsOf[type].map((field) => [
      field,
      { description: fields[field].description, sampleValue: sampleValueOf(type, field) },
    ]),
  );
}
