export type BenchPart = 'smtp' | 'http' | 'fsync' | 'noisy' | 'delivery';

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
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/**
 * BENCH_SECONDS (default 10), BENCH_DATABASE_URL (PostgreSQL for our server),
 * BENCH_ONLY=smtp|http|fsync|noisy|delivery (one part only; results/latest.* then hold just that part),
 * BENCH_DELIVERY_MESSAGES (default 10,000), BENCH_ACCEPTANCE_RECIPIENTS (default 100,000).
 */
export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const seconds = Number(env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('BENCH_SECONDS must be a positive number');
  const only = env.BENCH_ONLY?.trim() || undefined;
  const parts: BenchPart[] = ['smtp', 'http', 'fsync', 'noisy', 'delivery'];
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
  };
}
