import { EngineError } from '../../engine-error.ts';
import type { Principal } from '../../principal.ts';
import { commaValues } from '../events/paging.ts';
import { bounceMetricNames, metricNames } from './metric-definitions.ts';
import {
  aggregatePrecisions,
  bucketStart,
  checkTimezone,
  checkWindow,
  defaultPrecision,
  invalidParam,
  nextBucket,
  type Precision,
  parseMinute,
  seriesPrecisions,
} from './time-window.ts';

/** Query parameters of the Metrics API routes, as strings (checked here, with SparkPost's wording). */
export interface MetricsParams {
  from?: string;
  to?: string;
  delimiter?: string;
  query_filters?: string;
  domains?: string;
  campaigns?: string;
  templates?: string;
  sending_ips?: string;
  ip_pools?: string;
  sending_domains?: string;
  subaccounts?: string;
  mailbox_providers?: string;
  mailbox_provider_regions?: string;
  subject_campaigns?: string;
  precision?: string;
  metrics?: string;
  timezone?: string;
  limit?: string;
  order_by?: string;
}

export type FilterColumn =
  | 'recipient_domain'
  | 'sending_domain'
  | 'campaign_id'
  | 'template_id'
  | 'ip_pool'
  | 'sending_ip'
  | 'mailbox_provider'
  | 'subaccount_id';

export type Comparator = 'eq' | 'like' | 'notEq' | 'notLike';

export interface Condition {
  column: FilterColumn;
  comparator: Comparator;
  values: string[];
}

/** Conditions joined by one operator; a request's groupings all hold (AND). */
export interface Grouping {
  operator: 'AND' | 'OR';
  conditions: Condition[];
}

export interface MetricsScope {
  companyId: string;
  /** Only this subaccount's data (a subaccount's key); the whole company when undefined (the master). */
  subaccountId?: number;
}

export interface MetricsRequest {
  scope: MetricsScope;
  /** UTC milliseconds, rounded to the precision: [from, to). */
  from: number;
  to: number;
  precision: Precision;
  timezone: string;
  metrics: string[];
  groupings: Grouping[];
  limit: number;
  orderBy?: string;
}

/** aggregate and series take any metric; bounce the bounce metrics; rejection none (count_rejected is given). */
export type MetricsKind = 'aggregate' | 'series' | 'bounce' | 'rejection';

/** The simple filters and the advanced filters' keys, and the rollup column each matches. */
const filterKeys: Record<string, FilterColumn | null> = {
  domains: 'recipient_domain',
  sending_domains: 'sending_domain',
  campaigns: 'campaign_id',
  templates: 'template_id',
  ip_pools: 'ip_pool',
  sending_ips: 'sending_ip',
  mailbox_providers: 'mailbox_provider',
  subaccounts: 'subaccount_id',
  // Deliverability add-on data this server does not record.
  mailbox_provider_regions: null,
  subject_campaigns: null,
};
const lowerCased = new Set<FilterColumn>(['recipient_domain', 'sending_domain']);
const comparators: readonly Comparator[] = ['eq', 'like', 'notEq', 'notLike'];
const maxLimit = 10_000;
/** The reference's Deliverability Add-On metrics (inbox placement panels and seeds). */
const addOnMetrics = new Set([
  'count_inbox_panel',
  'count_spam_panel',
  'count_inbox_seed',
  'count_spam_seed',
  'count_inbox_seed_private',
  'count_spam_seed_private',
  'count_inbox_seed_virtual',
  'count_spam_seed_virtual',
  'count_moved_to_inbox',
  'count_moved_to_spam',
]);
const defaultLimit = 1000;

function columnOf(key: string, where: string): FilterColumn {
  const column = filterKeys[key];
  if (column === undefined) throw invalidParam(where, `${where}: ${key} is not a filter`);
  if (column === null) {
    throw invalidParam(
      where,
      `${key}: this server records no ${key.replace(/_/g, ' ')} (a Deliverability Add-On metric)`,
    );
  }
  return column;
}

function checkedValues(column: FilterColumn, values: string[], param: string): string[] {
  if (column === 'subaccount_id') {
    const bad = values.find((value) => !/^\d{1,15}$/.test(value));
    if (bad !== undefined)
      throw invalidParam(param, `${param}: ${JSON.stringify(bad)} is not a subaccount id`);
  }
  return lowerCased.has(column) ? values.map((value) => value.toLowerCase()) : values;
}

function simpleGroupings(params: MetricsParams): Grouping[] {
  const conditions: Condition[] = [];
  for (const key of Object.keys(filterKeys)) {
    const values = commaValues(params[key as keyof MetricsParams], params.delimiter);
    if (!values) continue;
    const column = columnOf(key, key);
    conditions.push({ column, comparator: 'eq', values: checkedValues(column, values, key) });
  }
  return conditions.length > 0 ? [{ operator: 'AND', conditions }] : [];
}

/** `query_filters`: `{groupings: [{AND|OR: {filter: {eq, like, notEq, notLike}}}]}` (the reference's schema). */
function advancedGroupings(text: string): Grouping[] {
  const fail = (description: string) => invalidParam('query_filters', `query_filters: ${description}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw fail('is not JSON');
  }
  const isObject = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(parsed) || !Array.isArray(parsed.groupings))
    throw fail('must be an object with a groupings array');
  const extra = Object.keys(parsed).find((key) => key !== 'groupings');
  if (extra) throw fail(`unknown property ${extra}`);
  return parsed.groupings.map((grouping, index) => {
    const operators = isObject(grouping) ? Object.keys(grouping) : [];
    const operator = operators[0];
    if (operators.length !== 1 || (operator !== 'AND' && operator !== 'OR')) {
      throw fail(`groupings[${index}] must have exactly one of AND, OR`);
    }
    const filters = (grouping as Record<string, unknown>)[operator];
    if (!isObject(filters)) throw fail(`groupings[${index}].${operator} must be an object of filters`);
    const conditions: Condition[] = [];
    for (const [key, compare] of Object.entries(filters)) {
      const column = columnOf(key, 'query_filters');
      if (!isObject(compare)) throw fail(`${key} must be an object of comparators`);
      for (const [comparator, values] of Object.entries(compare)) {
        if (!comparators.includes(comparator as Comparator)) {
          throw fail(`${key}.${comparator} is not a comparator; comparators are ${comparators.join(', ')}`);
        }
        if (
          !Array.isArray(values) ||
          values.length === 0 ||
          values.some((value) => typeof value !== 'string' && typeof value !== 'number')
        ) {
          throw fail(`${key}.${comparator} must be a non-empty array of values`);
        }
        const texts = values.map(String);
        if (comparator.toLowerCase().endsWith('like') && texts.some((value) => value.length < 3)) {
          throw fail(`${key}.${comparator} values must be at least 3 characters long`);
        }
        conditions.push({
          column,
          comparator: comparator as Comparator,
          values:
            comparator === 'eq' || comparator === 'notEq'
              ? checkedValues(column, texts, 'query_filters')
              : texts,
        });
      }
    }
    return { operator, conditions };
  });
}

/** The filter keys query_filters takes: those of data this server records. */
const acceptedFilterKeys = Object.entries(filterKeys).flatMap(([key, column]) => (column ? [key] : []));
const likeMinimum = 3;

/**
 * The JSON schema (draft-07) of what advancedGroupings takes, made from the same tables: each
 * document it describes is accepted (a like value given as a number needs 3 digits or more there
 * too). Keys of data this server does not record (mailbox_provider_regions, subject_campaigns)
 * are left out: naming one is refused.
 */
export const queryFiltersSchema = (() => {
  const values = (item: object) => ({ type: 'array', minItems: 1, items: item });
  const likeItem = {
    anyOf: [
      { type: 'string', minLength: likeMinimum },
      { type: 'integer', minimum: 100 },
    ],
  };
  const comparisons = (exact: object) => ({
    type: 'object',
    properties: Object.fromEntries(
      comparators.map((comparator) => [
        comparator,
        values(comparator.toLowerCase().endsWith('like') ? likeItem : exact),
      ]),
    ),
    additionalProperties: false,
  });
  return {
    $schema: 'http://json-schema.org/draft-07/schema',
    $id: 'root',
    type: 'object',
    title: 'The root schema',
    description:
      'query_filters: groupings that all hold (AND), each joining its filters with one operator (AND or OR).',
    default: {},
    required: ['groupings'],
    properties: { groupings: { $ref: '#/$defs/groupings' } },
    additionalProperties: false,
    $defs: {
      groupings: { type: 'array', items: { $ref: '#/$defs/logicalOperators' } },
      logicalOperators: {
        type: 'object',
        minProperties: 1,
        maxProperties: 1,
        properties: { AND: { $ref: '#/$defs/filters' }, OR: { $ref: '#/$defs/filters' } },
        additionalProperties: false,
      },
      filters: {
        type: 'object',
        properties: Object.fromEntries(
          acceptedFilterKeys.map((key) => [
            key,
            { $ref: key === 'subaccounts' ? '#/$defs/subaccountComparisons' : '#/$defs/comparisons' },
          ]),
        ),
        additionalProperties: false,
      },
      comparisons: comparisons({ type: ['string', 'number'] }),
      subaccountComparisons: comparisons({
        anyOf: [
          { type: 'string', pattern: '^\\d{1,15}$' },
          { type: 'integer', minimum: 0, maximum: 999_999_999_999_999 },
        ],
      }),
    },
  };
})();

/** [from, to) widened to whole buckets of the precision (the reference's "Precision Parameter"). */
export function roundedWindow(from: number, to: number, precision: Precision, timezone: string) {
  const last = bucketStart(to - 1, precision, timezone);
  return { from: bucketStart(from, precision, timezone), to: nextBucket(last, precision, timezone) };
}

/** The master sees its whole company; a subaccount only its own data. */
export function scopeOf(principal: Principal): MetricsScope {
  return principal.isMaster
    ? { companyId: principal.companyId }
    : { companyId: principal.companyId, subaccountId: principal.subaccountId };
}

function parseLimit(value: string | undefined): number {
  if (value === undefined || value === '') return defaultLimit;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > maxLimit) {
    throw invalidParam(
      'limit',
      `limit: ${JSON.stringify(value)} must be an integer between 1 and ${maxLimit}`,
    );
  }
  return limit;
}

function parseMetrics(
  value: string | undefined,
  delimiter: string | undefined,
  known: readonly string[],
): string[] {
  const metrics = commaValues(value, delimiter);
  if (!metrics)
    throw new EngineError('missing', 'metrics: required, a list of metrics such as count_targeted', {
      details: { param: 'metrics' },
    });
  const unknown = metrics.find((metric) => !known.includes(metric));
  if (unknown !== undefined && addOnMetrics.has(unknown)) {
    throw invalidParam(
      'metrics',
      `metrics: ${unknown} is a Deliverability Add-On metric, which this server does not record`,
    );
  }
  if (unknown !== undefined) {
    throw invalidParam(
      'metrics',
      `metrics: ${JSON.stringify(unknown)} is not a metric of this route; metrics are ${known.join(', ')}`,
    );
  }
  return [...new Set(metrics)];
}

/**
 * A Metrics API request for `principal`: the window in the timezone, rounded to the precision (the
 * reference's table), checked against the precision's longest window; filters simple or advanced
 * (advanced ones replace the simple ones, as the reference says). A subaccount sees only its own data.
 */
export function metricsRequestOf(
  params: MetricsParams,
  principal: Principal,
  now: Date,
  kind: MetricsKind,
): MetricsRequest {
  const timezone = params.timezone?.trim() || 'UTC';
  checkTimezone(timezone);
  if (!params.from) {
    throw new EngineError('missing', 'from: required, a datetime in the format YYYY-MM-DDTHH:MM', {
      details: { param: 'from' },
    });
  }
  const from = parseMinute(params.from, 'from', timezone);
  const to = params.to ? parseMinute(params.to, 'to', timezone) : now.getTime();
  if (from >= to) throw invalidParam('from', 'from: must be before to');

  const allowed: readonly string[] = kind === 'series' ? seriesPrecisions : aggregatePrecisions;
  // The reason routes take no precision: the window's own rounding serves.
  const byReason = kind === 'bounce' || kind === 'rejection';
  if (params.precision !== undefined && !byReason && !allowed.includes(params.precision)) {
    throw invalidParam(
      'precision',
      `precision: ${JSON.stringify(params.precision)} is not one of ${allowed.join(', ')}`,
    );
  }
  const precision =
    !byReason && params.precision ? (params.precision as Precision) : defaultPrecision(to - from);
  checkWindow(precision, to - from);
  const rounded = roundedWindow(from, to, precision, timezone);

  const metrics =
    kind === 'rejection'
      ? ['count_rejected']
      : parseMetrics(params.metrics, params.delimiter, kind === 'bounce' ? bounceMetricNames : metricNames);
  let orderBy: string | undefined;
  if (params.order_by !== undefined && kind === 'aggregate') {
    if (!metricNames.includes(params.order_by as never)) {
      throw invalidParam('order_by', `order_by: ${JSON.stringify(params.order_by)} is not a metric`);
    }
    orderBy = params.order_by;
  }
  const groupings = params.query_filters ? advancedGroupings(params.query_filters) : simpleGroupings(params);
  return {
    scope: scopeOf(principal),
    ...rounded,
    precision,
    timezone,
    metrics,
    groupings,
    limit: parseLimit(params.limit),
    ...(orderBy ? { orderBy } : {}),
  };
}

export interface ListWindow {
  scope: MetricsScope;
  from: number;
  to: number;
  limit: number;
}

const listDefaultSpan = 30 * 86_400_000;

/** The window of a values list (`/metrics/domains`...): `to` now and `from` 30 days before by default. */
export function listWindowOf(
  params: { from?: string; to?: string; timezone?: string; limit?: string },
  principal: Principal,
  now: Date,
): ListWindow {
  const timezone = params.timezone?.trim() || 'UTC';
  checkTimezone(timezone);
  const to = params.to ? parseMinute(params.to, 'to', timezone) : now.getTime();
  const from = params.from ? parseMinute(params.from, 'from', timezone) : to - listDefaultSpan;
  if (from >= to) throw invalidParam('from', 'from: must be before to');
  return {
    scope: scopeOf(principal),
    from,
    to,
    limit: parseLimit(params.limit),
  };
}
