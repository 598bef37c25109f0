import { z } from 'zod';

export { type AnalyticStatus, analyticStatuses } from './analytic-choices.ts';

/**
 * SparkPost's Metrics API (`/api/v1/metrics/...`) query parameters. All are strings: the server
 * checks them itself so each refusal names the parameter in SparkPost's words (400).
 */
export const metricsQuery = z.object({
  from: z.string().max(40).optional().describe('Required. YYYY-MM-DDTHH:MM, in `timezone`'),
  to: z.string().max(40).optional().describe('YYYY-MM-DDTHH:MM, in `timezone`; now when absent'),
  delimiter: z.string().max(5).optional(),
  query_filters: z
    .string()
    .max(20_000)
    .optional()
    .describe('Advanced filters: URL-encoded JSON `{groupings: [...]}`'),
  domains: z.string().max(20_000).optional(),
  campaigns: z.string().max(20_000).optional(),
  templates: z.string().max(20_000).optional(),
  sending_ips: z.string().max(20_000).optional(),
  ip_pools: z.string().max(20_000).optional(),
  sending_domains: z.string().max(20_000).optional(),
  subaccounts: z.string().max(20_000).optional(),
  mailbox_providers: z.string().max(20_000).optional(),
  mailbox_provider_regions: z.string().max(20_000).optional(),
  subject_campaigns: z.string().max(20_000).optional(),
  precision: z.string().max(10).optional(),
  metrics: z.string().max(5000).optional().describe('Required. Metric names separated by `delimiter`'),
  timezone: z.string().max(64).optional(),
  limit: z.string().max(10).optional(),
  order_by: z.string().max(64).optional(),
});
export type MetricsQuery = z.infer<typeof metricsQuery>;

/** `GET /metrics/domains|campaigns|templates|sending-domains|ip-pools|sending-ips|mailbox-providers`. */
export const metricsListQuery = z.object({
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  timezone: z.string().max(64).optional(),
  match: z.string().max(255).optional(),
  limit: z.string().max(10).optional(),
});
export type MetricsListQuery = z.infer<typeof metricsListQuery>;

export const metricsLink = z.object({ href: z.string(), rel: z.string(), method: z.string() });

/** A metrics row: the requested metrics (numbers) and the row's key (`domain`, `ts`, `reason`...). */
export const metricsRow = z.record(z.string(), z.union([z.number(), z.string()]));

export const metricsResults = z.object({
  results: z.array(metricsRow),
  links: z.array(metricsLink).optional(),
});

export const metricsValueList = z.object({ results: z.record(z.string(), z.array(z.string())) });

/**
 * `GET /v1/usage/analytic` (console session): the /analytic page's numbers for [from, to), the
 * session's company (or one subaccount), from the metric rollups.
 */
export const analyticQuery = z.object({
  /** ISO 8601 instants; `to` defaults to now and `from` to 7 days before it. */
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  timezone: z.string().max(64).optional(),
  /** hour or day; day when the range is over 2 days. */
  precision: z.enum(['hour', 'day']).optional(),
  /** Only this subaccount (0 = the primary account). */
  subaccount: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  /** Comma-separated status groups (Injection, Delivery, Bounce); all when absent. */
  status: z.string().max(100).optional(),
});

export const analyticTotals = z.object({
  count_targeted: z.number(),
  count_injected: z.number(),
  count_sent: z.number(),
  count_accepted: z.number(),
  count_delivered: z.number(),
  count_bounce: z.number(),
  count_hard_bounce: z.number(),
  count_soft_bounce: z.number(),
  count_block_bounce: z.number(),
  count_admin_bounce: z.number(),
  count_undetermined_bounce: z.number(),
  count_rejected: z.number(),
  count_delayed: z.number(),
  count_unique_confirmed_opened: z.number(),
  count_unique_clicked: z.number(),
  count_spam_complaint: z.number(),
  count_unsubscribe: z.number(),
});
export type AnalyticTotals = z.infer<typeof analyticTotals>;

export const analyticData = z.object({
  from: z.string(),
  to: z.string(),
  precision: z.enum(['hour', 'day']),
  timezone: z.string(),
  totals: analyticTotals,
  /** One point per bucket: `ts` and one count per requested status group (Injection → injected...). */
  series: z.array(
    z.object({
      ts: z.string(),
      Injection: z.number().optional(),
      Delivery: z.number().optional(),
      Bounce: z.number().optional(),
    }),
  ),
});
export type AnalyticData = z.infer<typeof analyticData>;

/** `GET /v1/stats/basic` and `/v1/stats/summary`: `start`/`end` are dates (YYYY-MM-DD, UTC), end inclusive. */
export const statsQuery = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'),
  subaccount: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

/** The counts of the transactional stats pages. */
export const statsCounts = z.object({
  sent: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  rejected: z.number(),
  delayed: z.number(),
  opened: z.number(),
  unique_opened: z.number(),
  clicked: z.number(),
  unique_clicked: z.number(),
  complained: z.number(),
  unsubscribed: z.number(),
});
export type StatsCounts = z.infer<typeof statsCounts>;

export const statsBasicData = statsCounts;
/** Daily counts (UTC days, none skipped) and their total. */
export const statsSummaryData = z.object({
  days: z.array(statsCounts.extend({ date: z.string() })),
  total: statsCounts,
});
