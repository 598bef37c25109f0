import {
  metricsListQuery,
  metricsQuery,
  metricsResults,
  metricsValueList,
  results,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { badRequestOnInvalid } from '../../http/sparkpost-errors.ts';
import { listWindowOf, metricsRequestOf, queryFiltersSchema } from './metrics-query.ts';
import {
  type Breakdown,
  breakdowns,
  type MetricsStore,
  type ValueList,
  valueLists,
} from './metrics-store.ts';

const tags = ['metrics'];
const view = requireGrant('metrics/view');
const prefix = '/api/v1/metrics';
const link = (path: string, rel: string) => ({ href: `${prefix}${path}`, rel, method: 'GET' });

/** The child routes the summary and the root list, as SparkPost's discoverability links. */
const childLinks = [
  link('/deliverability', 'deliverability'),
  ...Object.keys(breakdowns).map((name) => link(`/deliverability/${name}`, name)),
  link('/deliverability/time-series', 'time-series'),
  link('/deliverability/bounce-reason', 'bounce-reason'),
  link('/deliverability/bounce-reason/domain', 'bounce-reason/domain'),
  link('/deliverability/bounce-classification', 'bounce-classification'),
  link('/deliverability/rejection-reason', 'rejection-reason'),
  link('/deliverability/rejection-reason/domain', 'rejection-reason/domain'),
  link('/deliverability/query-filters-schema', 'query-filters-schema'),
  ...Object.keys(valueLists).map((name) => link(`/${name}`, name)),
];

/**
 * `/api/v1/metrics` (SparkPost's Metrics API) over the metric rollups: summary, breakdowns,
 * time-series, bounce reasons and classifications, and the lists of values with data.
 */
export function metricRoutes({
  metrics,
  clock,
}: {
  metrics: MetricsStore;
  clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const options = (summary: string) => ({
      onRequest: view,
      config: badRequestOnInvalid,
      schema: { tags, summary, querystring: metricsQuery, response: { 200: metricsResults } },
    });

    app.get(
      '/metrics',
      { onRequest: view, schema: { tags, summary: 'Links to the Metrics API routes' } },
      async () => ({
        results: {},
        links: [link('/', ''), ...childLinks],
      }),
    );

    app.get(
      '/metrics/deliverability',
      options('Totals of the requested metrics over the window'),
      async (request) => {
        const query = metricsRequestOf(request.query, principalOf(request), clock.now(), 'aggregate');
        return {
          results: [await metrics.summary(query)],
          links: [link('/deliverability', 'deliverability')],
        };
      },
    );

    for (const name of Object.keys(breakdowns) as Breakdown[]) {
      app.get(`/metrics/deliverability/${name}`, options(`Metrics grouped by ${name}`), async (request) => {
        const query = metricsRequestOf(request.query, principalOf(request), clock.now(), 'aggregate');
        return { results: await metrics.breakdown(query, name), links: [] };
      });
    }

    app.get(
      '/metrics/deliverability/time-series',
      options('Metrics per bucket of the precision (1min to month), in the timezone'),
      async (request) => {
        const query = metricsRequestOf(request.query, principalOf(request), clock.now(), 'series');
        return { results: await metrics.timeSeries(query), links: [] };
      },
    );

    const bounceRoutes = [
      ['bounce-reason', 'reason', 'Bounce metrics by bounce reason'],
      ['bounce-reason/domain', 'reason-domain', 'Bounce metrics by recipient domain and bounce reason'],
      ['bounce-classification', 'classification', 'Bounce metrics by bounce classification'],
    ] as const;
    for (const [path, by, summary] of bounceRoutes) {
      app.get(`/metrics/deliverability/${path}`, options(summary), async (request) => {
        const query = metricsRequestOf(request.query, principalOf(request), clock.now(), 'bounce');
        return { results: await metrics.bounces(query, by), links: [] };
      });
    }

    const rejectionRoutes = [
      ['rejection-reason', 'reason', 'count_rejected by rejection reason'],
      ['rejection-reason/domain', 'reason-domain', 'count_rejected by recipient domain and rejection reason'],
    ] as const;
    for (const [path, by, summary] of rejectionRoutes) {
      app.get(`/metrics/deliverability/${path}`, options(summary), async (request) => {
        const query = metricsRequestOf(request.query, principalOf(request), clock.now(), 'rejection');
        return { results: await metrics.rejections(query, by), links: [] };
      });
    }

    app.get(
      '/metrics/deliverability/query-filters-schema',
      {
        onRequest: view,
        schema: {
          tags,
          summary:
            'The JSON schema of the query_filters parameter: the filters and comparators the routes take',
          response: { 200: results(z.record(z.string(), z.unknown())) },
        },
      },
      async () => ({ results: queryFiltersSchema }),
    );

    for (const name of Object.keys(valueLists) as ValueList[]) {
      app.get(
        `/metrics/${name}`,
        {
          onRequest: view,
          config: badRequestOnInvalid,
          schema: {
            tags,
            summary: `The ${name} with metrics in the window (UTC days)`,
            querystring: metricsListQuery,
            response: { 200: metricsValueList },
          },
        },
        async (request) => {
          const window = listWindowOf(request.query, principalOf(request), clock.now());
          const values = await metrics.values(
            window.scope,
            name,
            window.from,
            window.to,
            request.query.match,
            window.limit,
          );
          return { results: { [name]: values } };
        },
      );
    }
  };
}
