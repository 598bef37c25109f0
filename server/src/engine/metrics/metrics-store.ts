import type { Db } from '../../db/db.ts';
import { deleteInSlices } from '../../db/delete-in-slices.ts';
import { likeLiteral } from '../../db/like-pattern.ts';
import { whereBuilder } from '../events/paging.ts';
import {
  bounceMetricSql,
  classificationOf,
  type MetricName,
  metricSql,
  metricTerms,
  type RejectionType,
  rejectionCategories,
} from './metric-definitions.ts';
import type { Condition, FilterColumn, MetricsRequest, MetricsScope } from './metrics-query.ts';
import type { DimensionColumn, Grain } from './rollup-writer.ts';
import { bucketStart, formatBucket, grainFor, invalidParam, nextBucket, segmentsOf } from './time-window.ts';

/** The breakdowns of /metrics/deliverability/<name>: the rollup column and the key their rows carry. */
export const breakdowns = {
  domain: { column: 'recipient_domain', key: 'domain' },
  'sending-domain': { column: 'sending_domain', key: 'sending_domain' },
  subaccount: { column: 'subaccount_id', key: 'subaccount_id' },
  campaign: { column: 'campaign_id', key: 'campaign_id' },
  template: { column: 'template_id', key: 'template_id' },
  'ip-pool': { column: 'ip_pool', key: 'ip_pool' },
  'sending-ip': { column: 'sending_ip', key: 'sending_ip' },
  'mailbox-provider': { column: 'mailbox_provider', key: 'mailbox_provider' },
} as const satisfies Record<string, { column: FilterColumn; key: string }>;
export type Breakdown = keyof typeof breakdowns;

/** The lists of /metrics/<name>: the rollup column and the results key. */
export const valueLists = {
  domains: 'recipient_domain',
  campaigns: 'campaign_id',
  templates: 'template_id',
  'sending-domains': 'sending_domain',
  'ip-pools': 'ip_pool',
  'sending-ips': 'sending_ip',
  'mailbox-providers': 'mailbox_provider',
} as const satisfies Record<string, DimensionColumn>;
export type ValueList = keyof typeof valueLists;

export type MetricRow = Record<string, number | string>;

/** SparkPost keeps metrics 6 months (the reference's "Data retention"). */
export const retentionDays = 183;
const purgeSlice = 5000;
const rollupTables = ['metric_totals', 'metric_rollups', 'metric_bounces', 'metric_rejections'] as const;

/** Caps a time-series, whose precision may be day or finer over years. */
const maxSeriesBuckets = 10_000;

function conditionSql(where: ReturnType<typeof whereBuilder>, condition: Condition): string {
  const { column, comparator, values } = condition;
  if (comparator === 'eq' || comparator === 'notEq') {
    const type = column === 'subaccount_id' ? 'bigint' : 'text';
    const match = `${column} = ANY(${where.param(values)}::${type}[])`;
    return comparator === 'eq' ? match : `NOT (${match})`;
  }
  const text = column === 'subaccount_id' ? 'subaccount_id::text' : column;
  const any = values.map((value) => `${text} ILIKE ${where.param(`%${likeLiteral(value)}%`)} ESCAPE '\\'`);
  return comparator === 'like' ? `(${any.join(' OR ')})` : `NOT (${any.join(' OR ')})`;
}

function scoped(where: ReturnType<typeof whereBuilder>, scope: MetricsScope): void {
  where.and(`company_id = ${where.param(scope.companyId)}`);
  if (scope.subaccountId !== undefined) where.and(`subaccount_id = ${where.param(scope.subaccountId)}`);
}

/** The WHERE clause of a request over rollup rows of grains up to `maxGrain`. */
function whereOf(request: MetricsRequest, maxGrain: Grain) {
  const where = whereBuilder();
  scoped(where, request.scope);
  const segments = segmentsOf(request.from, request.to, maxGrain).map(
    (segment) =>
      `(grain = ${segment.grain} AND bucket >= ${where.param(new Date(segment.from))} AND bucket < ${where.param(new Date(segment.to))})`,
  );
  where.and(`(${segments.join(' OR ')})`);
  for (const grouping of request.groupings) {
    const parts = grouping.conditions.map((condition) => conditionSql(where, condition));
    if (parts.length > 0) where.and(`(${parts.join(` ${grouping.operator} `)})`);
  }
  return where;
}

/** metric_totals serves requests that neither filter nor group by a dimension beyond the subaccount. */
function tableFor(request: MetricsRequest, groupColumn?: FilterColumn): string {
  const columns = request.groupings.flatMap((grouping) =>
    grouping.conditions.map((condition) => condition.column),
  );
  if (groupColumn) columns.push(groupColumn);
  return columns.every((column) => column === 'subaccount_id') ? 'metric_totals' : 'metric_rollups';
}

const metricColumns = (metrics: readonly string[]) =>
  metrics.map((metric) => `${metricSql(metricTerms[metric as MetricName])} AS ${metric}`).join(', ');

/** Reads of the Metrics API, from the rollups only (never message_events). */
export function createMetricsStore(db: Db) {
  return {
    /** One row of totals over the window. */
    async summary(request: MetricsRequest): Promise<MetricRow> {
      const where = whereOf(request, 1440);
      const row = await db.one<MetricRow>(
        `SELECT ${metricColumns(request.metrics)} FROM ${tableFor(request)} WHERE ${where.sql()}`,
        where.params,
      );
      return row;
    },

    /** Rows by one dimension, by `orderBy` (else the first metric) descending, at most `limit`. */
    async breakdown(request: MetricsRequest, breakdown: Breakdown): Promise<MetricRow[]> {
      const { column, key } = breakdowns[breakdown];
      const where = whereOf(request, 1440);
      const order = request.orderBy ?? request.metrics[0] ?? 'count_targeted';
      const orderSql = metricSql(metricTerms[order as MetricName]);
      const rows = await db.query<MetricRow & { group_key: string | number }>(
        `SELECT ${column === 'subaccount_id' ? 'subaccount_id::float8' : column} AS group_key, ${metricColumns(request.metrics)}
         FROM ${tableFor(request, column)} WHERE ${where.sql()}
         GROUP BY ${column} ORDER BY ${orderSql} DESC, ${column} LIMIT ${where.param(request.limit)}`,
        where.params,
      );
      return rows.map(({ group_key, ...metrics }) => ({ [key]: group_key, ...metrics }));
    },

    /** One row per bucket of the precision from `from` to `to`, zeros where nothing happened. */
    async timeSeries(request: MetricsRequest): Promise<MetricRow[]> {
      const { precision, timezone } = request;
      const starts: number[] = [];
      for (let at = request.from; at < request.to; at = nextBucket(at, precision, timezone)) {
        starts.push(at);
        if (starts.length > maxSeriesBuckets) {
          throw invalidParam(
            'precision',
            `precision: ${precision} makes more than ${maxSeriesBuckets} points from from to to; use a coarser precision`,
          );
        }
      }
      const where = whereOf(request, grainFor(precision, timezone, request.from, request.to));
      const rows = await db.query<MetricRow & { at: number }>(
        `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS at, ${metricColumns(request.metrics)}
         FROM ${tableFor(request)} WHERE ${where.sql()} GROUP BY bucket`,
        where.params,
      );
      const series = starts.map((start) => ({
        ts: formatBucket(start, precision, timezone),
        ...Object.fromEntries(request.metrics.map((metric) => [metric, 0])),
      })) as MetricRow[];
      const index = new Map(starts.map((start, position) => [start, position]));
      for (const { at, ...metrics } of rows) {
        const position = index.get(bucketStart(at, precision, timezone));
        const target = position === undefined ? undefined : series[position];
        if (!target) continue;
        for (const [metric, value] of Object.entries(metrics))
          target[metric] = (target[metric] as number) + Number(value);
      }
      return series;
    },

    /** Bounce metrics by reason (and recipient domain), or by classification alone. */
    async bounces(
      request: MetricsRequest,
      by: 'reason' | 'reason-domain' | 'classification',
    ): Promise<MetricRow[]> {
      const where = whereOf(request, 1440);
      const groups =
        by === 'reason'
          ? ['reason', 'bounce_class']
          : by === 'reason-domain'
            ? ['reason', 'recipient_domain', 'bounce_class']
            : ['bounce_class'];
      const metrics = request.metrics
        .map((metric) => `${bounceMetricSql[metric as keyof typeof bounceMetricSql]} AS ${metric}`)
        .join(', ');
      const rows = await db.query<
        MetricRow & { bounce_class: number; recipient_domain?: string; reason?: string }
      >(
        `SELECT ${groups.join(', ')}, ${metrics} FROM metric_bounces WHERE ${where.sql()}
         GROUP BY ${groups.join(', ')} ORDER BY ${bounceMetricSql.count_bounce} DESC, ${groups.join(', ')}
         LIMIT ${where.param(request.limit)}`,
        where.params,
      );
      return rows.map(({ bounce_class, recipient_domain, reason, ...counts }) => ({
        ...(reason === undefined ? {} : { reason }),
        ...(recipient_domain === undefined ? {} : { domain: recipient_domain }),
        ...classificationOf(Number(bounce_class)),
        ...counts,
      }));
    },

    /** count_rejected by reason and rejection type (and recipient domain), most first. */
    async rejections(request: MetricsRequest, by: 'reason' | 'reason-domain'): Promise<MetricRow[]> {
      const where = whereOf(request, 1440);
      const groups =
        by === 'reason' ? ['reason', 'rejection_type'] : ['reason', 'recipient_domain', 'rejection_type'];
      const rows = await db.query<{
        reason: string;
        recipient_domain?: string;
        rejection_type: RejectionType;
        count_rejected: number;
      }>(
        `SELECT ${groups.join(', ')}, coalesce(sum(rejected), 0)::float8 AS count_rejected
         FROM metric_rejections WHERE ${where.sql()}
         GROUP BY ${groups.join(', ')} ORDER BY count_rejected DESC, ${groups.join(', ')}
         LIMIT ${where.param(request.limit)}`,
        where.params,
      );
      return rows.map(({ reason, recipient_domain, rejection_type, count_rejected }) => ({
        reason,
        ...(recipient_domain === undefined ? {} : { domain: recipient_domain }),
        count_rejected,
        ...rejectionCategories[rejection_type],
      }));
    },

    /** The values of a dimension with data in [from, to) (day rows), containing `match`. */
    async values(
      scope: MetricsScope,
      list: ValueList,
      from: number,
      to: number,
      match: string | undefined,
      limit: number,
    ) {
      const column = valueLists[list];
      const where = whereBuilder();
      scoped(where, scope);
      where.and('grain = 1440');
      where.and(`bucket >= ${where.param(new Date(Math.floor(from / 86_400_000) * 86_400_000))}`);
      where.and(`bucket < ${where.param(new Date(to))}`);
      where.and(`${column} <> ''`);
      if (match) where.and(`${column} ILIKE ${where.param(`%${likeLiteral(match)}%`)} ESCAPE '\\'`);
      const rows = await db.query<{ value: string }>(
        `SELECT DISTINCT ${column} AS value FROM metric_rollups WHERE ${where.sql()} ORDER BY 1 LIMIT ${where.param(limit)}`,
        where.params,
      );
      return rows.map((row) => row.value);
    },

    /**
     * Deletes rollup rows older than the retention before `now`, in slices of 5,000 rows per company,
     * grain and table (each slice found through the primary key), and the first engagements
     * recorded for unique counts as long ago; returns how many rows.
     */
    async purgeExpired(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
      const companies = await db.query<{ company_id: string }>(
        'SELECT DISTINCT company_id FROM metric_totals',
      );
      let purged = 0;
      for (const { company_id } of companies) {
        for (const table of rollupTables) {
          for (const grain of [1, 60, 1440]) {
            for (;;) {
              const { count } = await db.one<{ count: number }>(
                `WITH gone AS (
                   DELETE FROM ${table} WHERE ctid IN (
                     SELECT ctid FROM ${table} WHERE company_id = $1 AND grain = $2 AND bucket < $3 LIMIT ${purgeSlice})
                   RETURNING 1)
                 SELECT count(*)::int AS count FROM gone`,
                [company_id, grain, cutoff],
              );
              purged += count;
              if (count < purgeSlice) break;
            }
          }
        }
      }
      return (
        purged +
        (await deleteInSlices(db, 'metric_first_engagements', 'message_id, kind', 'first_at < $1', [cutoff]))
      );
    },
  };
}

export type MetricsStore = ReturnType<typeof createMetricsStore>;
