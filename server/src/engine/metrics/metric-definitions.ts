import { type BounceCategory, bounceClasses } from '../bounces/bounce-classes.ts';

/**
 * The counters a rollup row stores (migration 018). Every Metrics API metric is a sum of some of
 * them (`metricTerms`), so the derived metrics (count_targeted, count_sent...) never drift from
 * their parts. `np_` counters leave out opens flagged `prefetched` (bots, mail privacy proxies).
 */
export const counters = [
  'injected',
  'policy_rejection',
  'generation_failed',
  'generation_rejection',
  'delivered_first',
  'delivered_subsequent',
  'delivery_time_first',
  'delivery_time_subsequent',
  'msg_volume',
  'inband_bounce',
  'outofband_bounce',
  'hard_bounce',
  'soft_bounce',
  'block_bounce',
  'admin_bounce',
  'undetermined_bounce',
  'delayed',
  'delayed_first',
  'rendered',
  'np_rendered',
  'initial_rendered',
  'np_initial_rendered',
  'unique_rendered',
  'np_unique_rendered',
  'unique_initial_rendered',
  'np_unique_initial_rendered',
  'unique_confirmed_opened',
  'np_unique_confirmed_opened',
  'clicked',
  'unique_clicked',
  'spam_complaint',
  'unsubscribe',
] as const;

export type Counter = (typeof counters)[number];
export type Counts = Record<Counter, number>;

/** A metric as `[counter, sign]` terms. */
type Terms = ReadonlyArray<readonly [Counter, 1 | -1]>;
const plus = (...names: Counter[]): Terms => names.map((name) => [name, 1] as const);

const rejected = plus('policy_rejection', 'generation_failed', 'generation_rejection');
const delivered = plus('delivered_first', 'delivered_subsequent');

/**
 * SparkPost's metric names and how each is summed. count_targeted = injected + rejected,
 * count_sent = delivered + in-band bounces and count_bounce = in-band + out-of-band, as the
 * reference's time-series sample adds up.
 */
export const metricTerms = {
  count_targeted: plus('injected', 'policy_rejection', 'generation_failed', 'generation_rejection'),
  count_injected: plus('injected'),
  count_sent: plus('delivered_first', 'delivered_subsequent', 'inband_bounce'),
  count_accepted: [...delivered, ['outofband_bounce', -1]],
  count_delivered: delivered,
  count_delivered_first: plus('delivered_first'),
  count_delivered_subsequent: plus('delivered_subsequent'),
  count_bounce: plus('inband_bounce', 'outofband_bounce'),
  count_hard_bounce: plus('hard_bounce'),
  count_soft_bounce: plus('soft_bounce'),
  count_block_bounce: plus('block_bounce'),
  count_admin_bounce: plus('admin_bounce'),
  count_undetermined_bounce: plus('undetermined_bounce'),
  count_inband_bounce: plus('inband_bounce'),
  count_outofband_bounce: plus('outofband_bounce'),
  count_rejected: rejected,
  count_policy_rejection: plus('policy_rejection'),
  count_generation_failed: plus('generation_failed'),
  count_generation_rejection: plus('generation_rejection'),
  count_delayed: plus('delayed'),
  count_delayed_first: plus('delayed_first'),
  count_rendered: plus('rendered'),
  count_nonprefetched_rendered: plus('np_rendered'),
  count_initial_rendered: plus('initial_rendered'),
  count_nonprefetched_initial_rendered: plus('np_initial_rendered'),
  count_unique_rendered: plus('unique_rendered'),
  count_nonprefetched_unique_rendered: plus('np_unique_rendered'),
  count_unique_initial_rendered: plus('unique_initial_rendered'),
  count_nonprefetched_unique_initial_rendered: plus('np_unique_initial_rendered'),
  count_unique_confirmed_opened: plus('unique_confirmed_opened'),
  count_nonprefetched_unique_confirmed_opened: plus('np_unique_confirmed_opened'),
  count_clicked: plus('clicked'),
  count_unique_clicked: plus('unique_clicked'),
  count_spam_complaint: plus('spam_complaint'),
  count_unsubscribe: plus('unsubscribe'),
  total_msg_volume: plus('msg_volume'),
  total_delivery_time_first: plus('delivery_time_first'),
  total_delivery_time_subsequent: plus('delivery_time_subsequent'),
} as const satisfies Record<string, Terms>;

export type MetricName = keyof typeof metricTerms;
export const metricNames = Object.keys(metricTerms) as MetricName[];

const adminClasses = Object.entries(bounceClasses)
  .filter(([, known]) => known.category === 'Admin')
  .map(([code]) => code)
  .join(', ');

/** The metrics of the bounce-reason and bounce-classification routes, as sums over metric_bounces. */
export const bounceMetricSql = {
  count_bounce: 'coalesce(sum(inband_bounce + outofband_bounce), 0)::float8',
  count_inband_bounce: 'coalesce(sum(inband_bounce), 0)::float8',
  count_outofband_bounce: 'coalesce(sum(outofband_bounce), 0)::float8',
  count_admin_bounce: `coalesce(sum(CASE WHEN bounce_class IN (${adminClasses}) THEN inband_bounce + outofband_bounce ELSE 0 END), 0)::float8`,
} as const;

export type BounceMetricName = keyof typeof bounceMetricSql;
export const bounceMetricNames = Object.keys(bounceMetricSql) as BounceMetricName[];

/** The SQL sum of a metric over rollup rows (a float8, which both drivers hand over as a number). */
export function metricSql(terms: Terms): string {
  const sum = terms
    .map(([counter, sign], index) => `${sign < 0 ? ' - ' : index === 0 ? '' : ' + '}sum(${counter})`)
    .join('');
  return `coalesce(${sum}, 0)::float8`;
}

/**
 * The events the rejection-reason routes count (those count_rejected adds up), with the
 * rejection_category_id and rejection_type of their rows: Policy 1 and Generation 2 as the
 * reference's samples number them; generation failures, which it does not show, 3.
 */
export const rejectionCategories = {
  policy_rejection: { rejection_category_id: 1, rejection_type: 'Policy Rejection' },
  generation_rejection: { rejection_category_id: 2, rejection_type: 'Generation Rejection' },
  generation_failure: { rejection_category_id: 3, rejection_type: 'Generation Failure' },
} as const;
export type RejectionType = keyof typeof rejectionCategories;

/** SparkPost's description of each bounce class (support article "Bounce Classification Codes"). */
const classDescriptions: Record<keyof typeof bounceClasses, string> = {
  1: 'The response text could not be identified.',
  10: 'The recipient is invalid.',
  20: 'The message soft bounced.',
  21: 'The message bounced due to a DNS failure.',
  22: 'The message bounced due to the remote mailbox being over quota.',
  23: 'The message bounced because it was too large for the recipient.',
  24: 'The message timed out.',
  25: "The message was failed by SparkPost's configured policies.",
  30: 'No recipient could be determined for the message.',
  40: 'The message failed for unspecified reasons.',
  50: 'The message was blocked by the receiver.',
  51: 'The message was blocked by the receiver as coming from a known spam source.',
  52: 'The message was blocked by the receiver as spam.',
  53: 'The message was blocked by the receiver because it contained an attachment.',
  54: 'The message was blocked by the receiver because relaying is not allowed.',
  60: 'The message is an auto-reply/vacation mail.',
  70: 'Message transmission has been temporarily delayed.',
  80: 'The message is a subscribe request.',
  90: 'The message is an unsubscribe request.',
  100: 'The message is a challenge-response probe.',
};

/** bounce_category_id as the reference's samples number them (Undetermined 0, Hard 1), then in its table's order. */
const categoryIds: Record<BounceCategory, number> = { Undetermined: 0, Hard: 1, Soft: 2, Block: 3, Admin: 4 };

/** The category of a bounce class; unknown classes are Undetermined. */
export function categoryOf(bounceClass: number | null): BounceCategory {
  const known = bounceClasses[bounceClass as keyof typeof bounceClasses];
  return known ? known.category : 'Undetermined';
}

/** The classification fields of a bounce-reason row. */
export function classificationOf(bounceClass: number) {
  const known = bounceClasses[bounceClass as keyof typeof bounceClasses] ?? bounceClasses[1];
  const category = known.category;
  return {
    bounce_class_name: known.name,
    bounce_class_description:
      classDescriptions[bounceClass as keyof typeof bounceClasses] ?? classDescriptions[1],
    bounce_category_id: categoryIds[category],
    bounce_category_name: category,
    classification_id: bounceClass,
  };
}
