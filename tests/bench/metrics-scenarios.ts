import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/src/db/db.ts';
import { migrate } from '../../server/src/db/migrate.ts';
import { openPgliteWorker } from '../../server/src/db/pglite-worker.ts';
import { openPostgres } from '../../server/src/db/postgres.ts';
import { createEventStore } from '../../server/src/engine/events/event-store.ts';
import type { MessageEventType, NewMessageEvent } from '../../server/src/engine/events/message-event.ts';
import {
  type MetricsKind,
  type MetricsParams,
  metricsRequestOf,
} from '../../server/src/engine/metrics/metrics-query.ts';
import {
  type Breakdown,
  breakdowns,
  createMetricsStore,
} from '../../server/src/engine/metrics/metrics-store.ts';
import { rollUpEvents } from '../../server/src/engine/metrics/rollup-writer.ts';
import { companyMaster } from '../../server/src/principal.ts';
import { freshDatabase } from './fresh-server.ts';
import type { Row } from './report.ts';
import type { BenchSettings } from './settings.ts';

/** The latency each metrics query should stay under: the "limit" column. */
const targetMs = 100;
const batchSize = 20_000;
const runsPerQuery = 40;
const day = 86_400_000;

/**
 * A month of sending for one company: per message an injection, then a delivery (90%), a bounce (5%,
 * classes 10/21/51) or a delay (5%), or (every 100th) a policy rejection instead; 30% opened (a
 * third prefetched), 10% clicked. Dimensions: 10
 * recipient domains, 2 sending domains, 4 campaigns, 2 templates, 2 subaccounts, 2 sending IPs.
 */
function* monthOfEvents(companyId: string, total: number, end: number): Generator<NewMessageEvent[]> {
  let batch: NewMessageEvent[] = [];
  let written = 0;
  let index = 0;
  const span = 30 * day;
  while (written < total) {
    index += 1;
    // In time order, as events reach the listener; 2.4 events a message on average.
    const at = end - span + Math.floor(((index * 2.4) / total) * span);
    const messageId = randomUUID();
    const event = (
      type: MessageEventType,
      offset: number,
      extra: Partial<NewMessageEvent> = {},
    ): NewMessageEvent => ({
      companyId,
      subaccountId: index % 2,
      type,
      timestamp: new Date(Math.min(end - 1, at + offset)),
      messageId,
      transmissionId: String(1000 + (index % 50)),
      campaignId: `campaign-${index % 4}`,
      templateId: `template-${index % 2}`,
      rcptTo: `user${index}@domain${index % 10}.example`,
      friendlyFrom: `news@sender${index % 2}.example`,
      subject: 'Monthly news',
      ipPool: 'default',
      bounceClass: null,
      reason: '',
      fields: { sending_ip: `192.0.2.${index % 2}`, num_retries: '0', queue_time: '250', msg_size: '4096' },
      ...extra,
    });
    const roll = index % 20;
    const events =
      index % 100 === 99
        ? [
            event('policy_rejection', 0, {
              reason: '554 5.7.1 recipient address was suppressed due to customer policy',
            }),
          ]
        : [event('injection', 0)];
    if (roll === 0)
      events.push(
        event('bounce', 1000, { bounceClass: [10, 21, 51][index % 3] as number, reason: '550 rejected' }),
      );
    else if (roll === 1) events.push(event('delay', 1000));
    else events.push(event('delivery', 1000));
    if (index % 10 < 3) events.push(event('open', 60_000, { fields: { prefetched: index % 3 === 0 } }));
    if (index % 10 === 0) events.push(event('click', 120_000));
    for (const one of events) {
      if (written >= total) break;
      batch.push(one);
      written += 1;
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] as number;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let index = 0; index < runsPerQuery; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return p95(samples);
}

async function measureOn(db: Db, label: string, events: number, log: (line: string) => void): Promise<Row[]> {
  await migrate(db);
  const { id: companyId } = await db.one<{ id: string }>(
    "INSERT INTO companies (name, created_at) VALUES ('metrics bench', now()) RETURNING id",
  );
  const store = createEventStore(db);
  store.onInsert(rollUpEvents);
  // A window ending off the hour, so its ends read hour and minute rows as real requests do.
  const end = Math.floor(Date.now() / 60_000) * 60_000;
  const loadStart = performance.now();
  for (const batch of monthOfEvents(companyId, events, end)) {
    await db.transaction((tx) => store.insert(tx, batch));
  }
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const counts = await db.one<{ totals: number; rollups: number; bounces: number }>(
    `SELECT (SELECT count(*) FROM metric_totals)::int AS totals, (SELECT count(*) FROM metric_rollups)::int AS rollups,
       (SELECT count(*) FROM metric_bounces)::int AS bounces`,
  );
  log(
    `  metrics on ${label}: ${events} events written with their rollups in ${loadSeconds.toFixed(1)} s (${Math.round(events / loadSeconds)} events/s); rows: ${counts.totals} totals, ${counts.rollups} rollups, ${counts.bounces} bounces`,
  );

  const metrics = createMetricsStore(db);
  const principal = companyMaster(companyId);
  const minute = (at: number) => new Date(at).toISOString().slice(0, 16);
  const window = { from: minute(end - 30 * day + 37 * 60_000), to: minute(end) };
  const metricList =
    'count_targeted,count_injected,count_delivered,count_bounce,count_unique_rendered,count_unique_clicked';
  const request = (params: MetricsParams, kind: MetricsKind) =>
    metricsRequestOf({ ...window, metrics: metricList, ...params }, principal, new Date(end), kind);

  const cases: Array<[string, () => Promise<unknown>]> = [
    ['time-series, precision day', () => metrics.timeSeries(request({ precision: 'day' }, 'series'))],
    ['time-series, precision hour', () => metrics.timeSeries(request({ precision: 'hour' }, 'series'))],
    [
      'time-series, precision hour, filtered by a recipient domain',
      () => metrics.timeSeries(request({ precision: 'hour', domains: 'domain3.example' }, 'series')),
    ],
    ['summary (deliverability)', () => metrics.summary(request({}, 'aggregate'))],
    ...(Object.keys(breakdowns) as Breakdown[]).map(
      (name) =>
        [`by ${name}`, () => metrics.breakdown(request({}, 'aggregate'), name)] as [
          string,
          () => Promise<unknown>,
        ],
    ),
    [
      'bounce-reason',
      () => metrics.bounces(request({ metrics: 'count_bounce,count_inband_bounce' }, 'bounce'), 'reason'),
    ],
    ['rejection-reason/domain', () => metrics.rejections(request({}, 'rejection'), 'reason-domain')],
  ];
  const rows: Row[] = [];
  for (const [name, run] of cases) {
    const latency = await time(run);
    log(`  metrics on ${label}: ${name}: p95 ${latency.toFixed(1)} ms`);
    rows.push({
      scenario: `metrics, 30 days of ${events.toLocaleString('en-US')} events: ${name} (p95 of ${runsPerQuery}) [ours on ${label}]`,
      peer: 'target',
      limit: { rate: targetMs, unit: 'ms' },
      ours: { rate: Math.max(1, Math.round(latency)), unit: 'ms', detail: `${latency.toFixed(1)} ms` },
    });
  }
  return rows;
}

/**
 * Metrics API reads over a month of rollups: the events go through the real event store and its
 * insert listener in 20,000-event batches, then each query's p95 is timed in-process (the
 * PGlite thread or a PostgreSQL pool, as the server uses them). "ours / limit" under 1 is within
 * the 100 ms target. BENCH_METRICS_EVENTS sets the event count (default 1,000,000).
 */
export async function measureMetrics(
  settings: BenchSettings,
  log: (line: string) => void,
): Promise<{ rows: Row[]; notes: string[] }> {
  const events = settings.metricsEvents;
  const rows: Row[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), 'metrics-bench-'));
  const pglite = await openPgliteWorker(dir, { fsync: false });
  try {
    rows.push(...(await measureOn(pglite, 'PGlite', events, log)));
  } finally {
    await pglite.close();
    await rm(dir, { recursive: true, force: true });
  }
  if (settings.databaseUrl) {
    const fresh = await freshDatabase(settings.databaseUrl);
    if ('reason' in fresh) {
      log(`  SKIPPED metrics on PostgreSQL: ${fresh.reason}`);
    } else {
      const postgres = await openPostgres(fresh.url);
      try {
        rows.push(...(await measureOn(postgres, 'PostgreSQL', events, log)));
      } finally {
        await postgres.close();
        await fresh.drop();
      }
    }
  }
  return {
    rows,
    notes: [
      'Metrics rows: latency, lower is better; "ours / limit" is p95 over the 100 ms target (under 1 meets it).',
    ],
  };
}
