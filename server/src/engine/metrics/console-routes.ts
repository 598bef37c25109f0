import {
  type AnalyticStatus,
  analyticData,
  analyticQuery,
  analyticStatuses,
  analyticTotals,
  type StatsCounts,
  statsBasicData,
  statsQuery,
  statsSummaryData,
} from '@app/contract/engine/index';
import { envelope } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import { invalidField } from '../../domain-error.ts';
import { EngineError } from '../../engine-error.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { commaValues, parseTime } from '../events/paging.ts';
import type { MetricName } from './metric-definitions.ts';
import { type MetricsRequest, roundedWindow } from './metrics-query.ts';
import type { MetricRow, MetricsStore } from './metrics-store.ts';
import { checkTimezone, checkWindow, dayMs, type Precision } from './time-window.ts';

export interface MetricsConsoleDeps {
  metrics: MetricsStore;
  clock: Clock;
  guards: Pick<AuthGuards, 'full'>;
}

const tags = ['analytics'];
const defaultSpan = 7 * dayMs;
const maxStatsDays = 366;

/** The metric each status group of the analytics filter charts. */
const statusMetrics: Record<AnalyticStatus, MetricName> = {
  Injection: 'count_injected',
  Delivery: 'count_delivered',
  Bounce: 'count_bounce',
};

/** The transactional stats' counts and the metric each one is. */
const statsMetrics: Record<keyof StatsCounts, MetricName> = {
  sent: 'count_sent',
  delivered: 'count_delivered',
  bounced: 'count_bounce',
  rejected: 'count_rejected',
  delayed: 'count_delayed',
  opened: 'count_rendered',
  unique_opened: 'count_unique_rendered',
  clicked: 'count_clicked',
  unique_clicked: 'count_unique_clicked',
  complained: 'count_spam_complaint',
  unsubscribed: 'count_unsubscribe',
};

/** Runs `fn`, answering an engine rule's refusal as the console's validation error on `field`. */
function asField<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof EngineError) throw invalidField(field, error.description);
    throw error;
  }
}

function statsCountsOf(row: MetricRow): StatsCounts {
  return Object.fromEntries(
    Object.entries(statsMetrics).map(([name, metric]) => [name, Number(row[metric] ?? 0)]),
  ) as StatsCounts;
}

/**
 * The console's analytics over the metric rollups (session-authenticated): `/v1/usage/analytic` for
 * the /analytic page and the transactional `/v1/stats/basic` and `/v1/stats/summary`. Thin over the
 * Metrics API's store, for the session's company or one of its subaccounts.
 */
export function metricsConsoleRoutes(deps: MetricsConsoleDeps): FastifyPluginAsyncZod {
  const { metrics } = deps;
  return async (app) => {
    app.get(
      '/v1/usage/analytic',
      {
        onRequest: deps.guards.full,
        schema: {
          tags,
          summary:
            'Totals and a time series per status group (Injection, Delivery, Bounce) for the analytics page',
          security: bearerSecurity,
          querystring: analyticQuery,
          response: { 200: envelope(analyticData) },
        },
      },
      async (request) => {
        const { query } = request;
        const timezone = query.timezone ?? 'UTC';
        asField('timezone', () => checkTimezone(timezone));
        const to = query.to
          ? asField('to', () => parseTime(query.to as string, 'to').getTime())
          : deps.clock.now().getTime();
        const from = query.from
          ? asField('from', () => parseTime(query.from as string, 'from').getTime())
          : to - defaultSpan;
        if (from >= to) throw invalidField('from', 'from must be before to');
        const precision: Precision = query.precision ?? (to - from > 2 * dayMs ? 'day' : 'hour');
        asField('precision', () => checkWindow(precision, to - from));
        const statuses = (commaValues(query.status) ?? [...analyticStatuses]).map((status) => {
          const known = analyticStatuses.find((name) => name.toLowerCase() === status.toLowerCase());
          if (!known) throw invalidField('status', `status must be among ${analyticStatuses.join(', ')}`);
          return known;
        });
        const base: MetricsRequest = {
          scope: {
            companyId: sessionOf(request).companyId,
            ...(query.subaccount === undefined ? {} : { subaccountId: Number(query.subaccount) }),
          },
          ...roundedWindow(from, to, precision, timezone),
          precision,
          timezone,
          metrics: Object.keys(analyticTotals.shape),
          groupings: [],
          limit: 1,
        };
        const totals = await metrics.summary(base);
        const points = await metrics.timeSeries({
          ...base,
          metrics: statuses.map((status) => statusMetrics[status]),
        });
        return {
          data: {
            from: new Date(base.from).toISOString(),
            to: new Date(base.to).toISOString(),
            precision,
            timezone,
            totals: analyticTotals.parse(totals),
            series: points.map((point) => ({
              ts: String(point.ts),
              ...Object.fromEntries(statuses.map((status) => [status, Number(point[statusMetrics[status]])])),
            })),
          },
        };
      },
    );

    /** The request of the stats routes: UTC days from `start` to `end` inclusive. */
    const statsRequest = (
      request: { query: { start: string; end: string; subaccount?: string } },
      companyId: string,
    ) => {
      const from = asField('start', () => parseTime(request.query.start, 'start').getTime());
      const to = asField('end', () => parseTime(request.query.end, 'end').getTime()) + dayMs;
      if (from >= to) throw invalidField('start', 'start must not be after end');
      if (to - from > maxStatsDays * dayMs)
        throw invalidField('end', `at most ${maxStatsDays} days from start`);
      const { subaccount } = request.query;
      return {
        scope: { companyId, ...(subaccount === undefined ? {} : { subaccountId: Number(subaccount) }) },
        from,
        to,
        precision: 'day',
        timezone: 'UTC',
        metrics: Object.values(statsMetrics),
        groupings: [],
        limit: 1,
      } satisfies MetricsRequest;
    };

    app.get(
      '/v1/stats/basic',
      {
        onRequest: deps.guards.full,
        schema: {
          tags,
          summary: 'Transactional stats: counts from start to end (UTC days, inclusive)',
          security: bearerSecurity,
          querystring: statsQuery,
          response: { 200: envelope(statsBasicData) },
        },
      },
      async (request) => {
        const row = await metrics.summary(statsRequest(request, sessionOf(request).companyId));
        return { data: statsCountsOf(row) };
      },
    );

    app.get(
      '/v1/stats/summary',
      {
        onRequest: deps.guards.full,
        schema: {
          tags,
          summary: 'Transactional stats: counts per UTC day from start to end (inclusive) and their total',
          security: bearerSecurity,
          querystring: statsQuery,
          response: { 200: envelope(statsSummaryData) },
        },
      },
      async (request) => {
        const stats = statsRequest(request, sessionOf(request).companyId);
        const [total, points] = [await metrics.summary(stats), await metrics.timeSeries(stats)];
        return {
          data: {
            days: points.map((point) => ({ date: String(point.ts).slice(0, 10), ...statsCountsOf(point) })),
            total: statsCountsOf(total),
          },
        };
      },
    );
  };
}
