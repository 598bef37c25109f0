import type { APIRequestContext } from '@playwright/test';
import { type Outcome, recipientPlan, refusals } from './catalogue.ts';
import { type EngagementCounts, startEngagement } from './engagement.ts';
import { injectMessages } from './inject.ts';
import { createSeedAccount, type SeedAccount } from './seed-account.ts';
import type { SeedServer } from './seed-server.ts';

/** What the plan says the engine must count (catalogue.ts decides per recipient). */
export interface SeedExpectation {
  messages: number;
  /** Delivered at once or after one delay. */
  delivered: number;
  delayed: number;
  bounced: { hard: number; soft: number; block: number; total: number };
}

export interface SeedResult {
  account: SeedAccount;
  expected: SeedExpectation;
  /** The opens and clicks made through the tracked URLs. */
  engagement: EngagementCounts;
  /** `from` for the Metrics API that covers the seed (YYYY-MM-DDTHH:MM, UTC). */
  from: string;
  /** The engine's own totals once everything settled (GET /api/v1/metrics/deliverability). */
  metrics: Record<string, number>;
  /** Injection; the first delivery attempts after the first transmission; everything settled; all. */
  seconds: { injection: number; firstPass: number; delivery: number; total: number };
}

export const settledMetrics = [
  'count_injected',
  'count_delivered',
  'count_bounce',
  'count_hard_bounce',
  'count_soft_bounce',
  'count_block_bounce',
  'count_delayed',
  'count_rendered',
  'count_unique_rendered',
  'count_clicked',
  'count_unique_clicked',
] as const;

export function expectationOf(messages: number): SeedExpectation {
  const by: Record<Outcome, number> = { delivered: 0, delayed: 0, hard: 0, soft: 0, block: 0 };
  for (let index = 0; index < messages; index += 1) by[recipientPlan(index).outcome] += 1;
  return {
    messages,
    delivered: by.delivered + by.delayed,
    delayed: by.delayed,
    bounced: { hard: by.hard, soft: by.soft, block: by.block, total: by.hard + by.soft + by.block },
  };
}

const minuteOf = (at: number) => new Date(at).toISOString().slice(0, 16);
const rate = (count: number, ms: number) =>
  Math.round(count / Math.max(ms / 1000, 0.001)).toLocaleString('en');
const n = (count: number) => count.toLocaleString('en');

/** The engine's totals since `from`, as `authorization` (an API key, or `Bearer <session>`) sees them. */
export async function metricsSince(
  request: APIRequestContext,
  authorization: string,
  from: string,
): Promise<Record<string, number>> {
  const response = await request.get('/api/v1/metrics/deliverability', {
    headers: { authorization },
    params: { from, metrics: settledMetrics.join(',') },
  });
  if (!response.ok()) throw new Error(`metrics: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { results: Record<string, number>[] }).results[0] ?? {};
}

export interface SeedOptions {
  messages: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Give up waiting for deliveries and engagement after this long (default 15 minutes). */
  timeoutMs?: number;
}

/**
 * Seeds a fresh production company on `server` (see seed-account.ts) with `messages` recipients:
 * injects them as transmissions through the API, lets the engine deliver them to the test receiver,
 * which refuses or defers the recipients catalogue.ts says, opens and clicks what people would, and
 * waits until the engine's metrics show every outcome.
 *
 * The engine stamps every event with the time it happens (no backdating through the real engine):
 * all the seeded events fall within the minutes the seed runs, i.e. today.
 */
export async function seedMessages(
  server: SeedServer,
  request: APIRequestContext,
  options: SeedOptions,
): Promise<SeedResult> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const from = minuteOf(started - 60_000);
  const expected = expectationOf(options.messages);
  const { receiver } = server.engine;
  for (let index = 0; index < options.messages; index += 1) {
    const { outcome, email } = recipientPlan(index);
    if (outcome !== 'delivered') {
      receiver.setRule(email, { reply: refusals[outcome], ...(outcome === 'delayed' ? { times: 1 } : {}) });
    }
  }
  const account = await createSeedAccount(server, request);
  log(`company "${account.companyName}" in production, owner ${account.email}`);

  const engagement = startEngagement(receiver.messages);
  let accepted = 0;
  const progress = setInterval(() => {
    const { received, opens, clicks } = engagement.counts;
    const seconds = Math.round((Date.now() - started) / 1000);
    log(
      `${seconds}s: accepted ${n(accepted)}/${n(options.messages)}, received ${n(received)}/${n(expected.delivered)}, opens ${n(opens)}, clicks ${n(clicks)}`,
    );
  }, 5_000);
  try {
    const injectStart = Date.now();
    await injectMessages(request, account, options.messages, (count) => {
      accepted += count;
    });
    const injectMs = Date.now() - injectStart;
    log(
      `injected ${n(accepted)} in ${(injectMs / 1000).toFixed(1)} s (${rate(accepted, injectMs)} recipients/s)`,
    );

    const deadline = started + (options.timeoutMs ?? 15 * 60_000);
    // The deferred recipients are retried about a minute after their deferral: the first pass (every
    // other outcome) shows the delivery throughput.
    let firstPassMs: number | undefined;
    while (engagement.counts.received < expected.delivered || !engagement.idle()) {
      if (Date.now() > deadline) throw new Error(`seed: still waiting after ${options.timeoutMs} ms`);
      if (firstPassMs === undefined && engagement.counts.received >= expected.delivered - expected.delayed) {
        firstPassMs = Date.now() - injectStart;
        const firstPass = options.messages - expected.delayed;
        log(
          `first delivery attempts done: ${n(firstPass)} messages delivered or bounced in ${(firstPassMs / 1000).toFixed(1)} s after the first transmission (${rate(firstPass, firstPassMs)} messages/s); ${n(expected.delayed)} deferred wait for their retry`,
        );
      }
      await new Promise((done) => setTimeout(done, 500));
    }
    const deliveryMs = Date.now() - injectStart;
    let metrics = await metricsSince(request, account.apiKey, from);
    const settled = () =>
      (metrics.count_delivered ?? 0) + (metrics.count_bounce ?? 0) >= options.messages &&
      (metrics.count_rendered ?? 0) >= engagement.counts.opens &&
      (metrics.count_clicked ?? 0) >= engagement.counts.clicks;
    while (!settled()) {
      if (Date.now() > deadline) throw new Error(`seed: metrics did not settle: ${JSON.stringify(metrics)}`);
      await new Promise((done) => setTimeout(done, 1_000));
      metrics = await metricsSince(request, account.apiKey, from);
    }
    const totalMs = Date.now() - started;
    log(
      `delivered ${n(metrics.count_delivered ?? 0)}, bounced ${n(metrics.count_bounce ?? 0)}, ${n(engagement.counts.opens)} opens and ${n(engagement.counts.clicks)} clicks: all settled ${(deliveryMs / 1000).toFixed(1)} s after the first transmission`,
    );
    return {
      account,
      expected,
      engagement: { ...engagement.counts },
      from,
      metrics,
      seconds: {
        injection: injectMs / 1000,
        firstPass: (firstPassMs ?? deliveryMs) / 1000,
        delivery: deliveryMs / 1000,
        total: totalMs / 1000,
      },
    };
  } finally {
    clearInterval(progress);
    engagement.stop();
  }
}
