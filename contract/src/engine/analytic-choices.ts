// The analytics page's choices, without zod: the console reads them at first paint (metrics.ts and
// analytic-presets.ts, which build their schemas from them, re-export them).

/** The status groups of the console's analytics filter, and the metric each one charts. */
export const analyticStatuses = ['Injection', 'Delivery', 'Bounce'] as const;
export type AnalyticStatus = (typeof analyticStatuses)[number];

/** The analytics page's range choices (§2): the last 1, 7 or 30 days, or a custom range of dates. */
export const analyticRanges = ['1', '7', '30', 'custom'] as const;
export type AnalyticRange = (typeof analyticRanges)[number];

/**
 * What the breakdown table groups by: the Metrics API's `/metrics/deliverability/<name>` routes
 * (domain is the recipient domain) and `bounce-reason`.
 */
export const analyticBreakdowns = [
  'sending-domain',
  'domain',
  'campaign',
  'template',
  'subaccount',
  'bounce-reason',
] as const;
export type AnalyticBreakdown = (typeof analyticBreakdowns)[number];

/** The Metrics API filters the page can narrow to, each a list of values. */
export const analyticFilterKeys = [
  'sending_domains',
  'domains',
  'campaigns',
  'templates',
  'subaccounts',
] as const;
export type AnalyticFilterKey = (typeof analyticFilterKeys)[number];
