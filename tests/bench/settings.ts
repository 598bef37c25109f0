export type BenchPart =
  | 'smtp'
  | 'http'
  | 'fsync'
  | 'noisy'
  | 'neighbours'
  | 'delivery'
  | 'webhooks'
  | 'metrics'
  | 'events';

export interface BenchSettings {
  /** Length of each measured run. */
  seconds: number;
  /** PostgreSQL for our server; PGlite in a temp dir when absent. */
  databaseUrl: string | undefined;
  parts: Set<BenchPart>;
  smtpSessions: number;
  bodyBytes: number;
  httpConnections: number;
  batchConnections: number;
  batchSize: number;
  /** Messages delivered into smtp-sink by Postfix and by ours (2 KB each, one recipient each). */
  deliveryMessages: number;
  /** Recipients of the one personalised transmission whose acceptance is timed. */
  acceptanceRecipients: number;
  /** Events delivered to a loopback webhook receiver. */
  webhookEvents: number;
  /** Events loaded (through the event store and the metric rollups) before timing the Metrics API reads. */
  metricsEvents: number;
  /** Events generated for the events-search part, on PGlite and on PostgreSQL. */
  eventsPglite: number;
  eventsPostgres: number;
  /** The server the events-search part creates its own database on (then drops it). */
  eventsDatabaseUrl: string | undefined;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/**
 * BENCH_SECONDS (default 10), BENCH_DATABASE_URL (PostgreSQL for our server),
 * BENCH_ONLY=smtp|http|fsync|noisy|neighbours|delivery|webhooks|metrics|events (one part only; results/latest.* then hold just that part),
 * BENCH_DELIVERY_MESSAGES (default 10,000), BENCH_ACCEPTANCE_RECIPIENTS (default 100,000),
 * BENCH_WEBHOOK_EVENTS (default 20,000), BENCH_METRICS_EVENTS (default 1,000,000),
 * BENCH_EVENTS (events generated for the events search; default 1,000,000 on PGlite and 10,000,000
 * on PostgreSQL, i.e. BENCH_DATABASE_URL or else TEST_DATABASE_URL).
 */
export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const seconds = Number(env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('BENCH_SECONDS must be a positive number');
  const only = env.BENCH_ONLY?.trim() || undefined;
  const parts: BenchPart[] = [
    'smtp',
    'http',
    'fsync',
    'noisy',
    'neighbours',
    'delivery',
    'webhooks',
    'metrics',
    'events',
  ];
  if (only !== undefined && !parts.includes(only as BenchPart)) {
    throw new Error(`BENCH_ONLY must be one of ${parts.join(', ')}`);
  }
  return {
    seconds,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    parts: new Set<BenchPart>(only ? [only as BenchPart] : parts),
    smtpSessions: 20,
    bodyBytes: 2048,
    httpConnections: 50,
    batchConnections: 10,
    batchSize: 1000,
    deliveryMessages: positiveInteger(env, 'BENCH_DELIVERY_MESSAGES', 10_000),
    acceptanceRecipients: positiveInteger(env, 'BENCH_ACCEPTANCE_RECIPIENTS', 100_000),
    webhookEvents: positiveInteger(env, 'BENCH_WEBHOOK_EVENTS', 20_000),
    metricsEvents: positiveInteger(env, 'BENCH_METRICS_EVENTS', 1_000_000),
    eventsPglite: positiveInteger(env, 'BENCH_EVENTS', 1_000_000),
    eventsPostgres: positiveInteger(env, 'BENCH_EVENTS', 10_000_000),
    eventsDatabaseUrl: env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined,
  };
}
