import type { MessageEvent } from './api.ts';

/** The fields of an event worth showing in a message's timeline, labelled, in this order. */
const detailFields: ReadonlyArray<[string, (event: MessageEvent) => unknown]> = [
  ['Reason', (event) => event.reason],
  ['Raw reason', (event) => (event.raw_reason !== event.reason ? event.raw_reason : undefined)],
  ['Bounce class', (event) => event.bounce_class],
  ['Error code', (event) => event.error_code],
  ['Link', (event) => event.target_link_url],
  ['Link name', (event) => event.target_link_name],
  ['User agent', (event) => event.user_agent],
  ['IP address', (event) => event.ip_address],
  [
    'Location',
    (event) => [event.geo_ip?.city, event.geo_ip?.country].filter(Boolean).join(', ') || undefined,
  ],
  ['Recipient type', (event) => event.rcpt_type],
  ['Sending IP', (event) => event.sending_ip],
  ['Delivery method', (event) => event.delv_method],
  ['Attempts', (event) => (event.num_retries && event.num_retries !== '0' ? event.num_retries : undefined)],
  ['Size', (event) => (event.msg_size ? `${event.msg_size} bytes` : undefined)],
];

/** Label and text of each detail the event has. */
export function eventDetails(event: MessageEvent): Array<[string, string]> {
  return detailFields.flatMap(([label, read]) => {
    const value = read(event);
    return value === undefined || value === null || value === ''
      ? []
      : [[label, String(value)] as [string, string]];
  });
}

/** Oldest first: the message's life from injection to its last engagement. */
export const chronological = (events: readonly MessageEvent[]) =>
  [...events].sort(
    (a, b) => a.timestamp.localeCompare(b.timestamp) || Number(a.event_id) - Number(b.event_id),
  );
