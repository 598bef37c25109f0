import { z } from 'zod';
import { booleanQuery } from './query.ts';

export { messageEventTypes } from './event-types.ts';

/**
 * `GET /events/message` query: times ISO 8601 (`from` inclusive, `to` exclusive), filters as comma
 * separated lists. Values are checked by the server so that errors name the filter.
 */
export const messageEventSearchQuery = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  cursor: z.string().max(2048).optional(),
  per_page: z.string().optional(),
  events: z.string().optional(),
  recipients: z.string().optional(),
  recipient_domains: z.string().optional(),
  from_addresses: z.string().optional(),
  sending_domains: z.string().optional(),
  subjects: z.string().optional(),
  bounce_classes: z.string().optional(),
  reasons: z.string().optional(),
  campaigns: z.string().optional(),
  templates: z.string().optional(),
  transmissions: z.string().optional(),
  messages: z.string().optional(),
  subaccounts: z.string().optional(),
  ip_pools: z.string().optional(),
  sending_ips: z.string().optional(),
  mailbox_providers: z.string().optional(),
  mailbox_provider_regions: z.string().optional(),
  ab_tests: z.string().optional(),
  /** Needs ab_tests, as in the reference. */
  ab_test_versions: z.string().optional(),
  event_ids: z.string().optional(),
  /** The recipients' types: to, cc, bcc (an extension: the console's recipientType filter). */
  recipient_types: z.string().optional(),
  /** What separates the values of the list filters; a comma by default. */
  delimiter: z.string().max(8).optional(),
});

export type MessageEventSearchQuery = z.infer<typeof messageEventSearchQuery>;

/** One event with SparkPost's field names; the fields beyond these vary by type. */
export const messageEventView = z.looseObject({
  type: z.string(),
  event_id: z.string(),
  timestamp: z.string(),
  customer_id: z.string(),
  subaccount_id: z.string(),
});

/**
 * An event as the console reads it: the common fields, and those that many types carry (each type's
 * own list: GET /api/v1/events/message/documentation).
 */
export type MessageEventView = z.infer<typeof messageEventView> & {
  rcpt_to?: string;
  rcpt_type?: string;
  friendly_from?: string;
  subject?: string;
  message_id?: string;
  transmission_id?: string;
  campaign_id?: string;
  sending_domain?: string;
  reason?: string;
  raw_reason?: string;
  bounce_class?: string;
  error_code?: string;
  target_link_url?: string;
  target_link_name?: string;
  user_agent?: string;
  ip_address?: string;
  geo_ip?: { country?: string; city?: string };
};

export const messageEventPage = z.object({
  results: z.array(messageEventView),
  total_count: z.number(),
  links: z.object({ next: z.string().optional() }),
});

export type MessageEventPage = Omit<z.infer<typeof messageEventPage>, 'results'> & {
  results: MessageEventView[];
};

export const messageEventSamplesQuery = z.object({ events: z.string().optional() });

export const ingestEventTypes = ['success', 'error'] as const;

/** `GET /events/ingest`: the search over ingest batches' outcomes, SparkPost's parameters. */
export const ingestEventSearchQuery = z.object({
  from: z.string().max(64).optional(),
  to: z.string().max(64).optional(),
  cursor: z.string().max(2048).optional(),
  per_page: z.string().max(16).optional(),
  delimiter: z.string().max(8).optional(),
  events: z.string().max(1024).optional(),
  event_ids: z.string().max(10_000).optional(),
  batch_ids: z.string().max(10_000).optional(),
  error_types: z.string().max(1024).optional(),
  retryable: booleanQuery.optional(),
  subaccounts: z.string().max(10_000).optional(),
});

/** Per event type (in the order of the type list): each field with a description and a sample value. */
export const messageEventDocumentation = z.object({
  results: z.array(z.record(z.string(), z.object({ description: z.string(), sampleValue: z.unknown() }))),
});

/** `GET /api/v1/ingest/events`: SparkPost's paged list of ingest batch outcomes (records of any shape). */
export const ingestEventPage = z.object({
  results: z.array(z.record(z.string(), z.unknown())),
  total_count: z.number(),
  links: z.object({ next: z.string().optional() }),
});
