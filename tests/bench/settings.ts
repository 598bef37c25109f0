export type BenchPart = 'smtp' | 'http' | 'fsync' | 'noisy';

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
}

/**
 * BENCH_SECONDS (default 10), BENCH_DATABASE_URL (PostgreSQL for our server), BENCH_ONLY=smtp|http|fsync|noisy
 * (one part only; results/latest.* then hold just that part).
 */
export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const seconds = Number(env.BENCH_SECONDS ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('BENCH_SECONDS must be a positive number');
  const only = env.BENCH_ONLY?.trim() || undefined;
  const parts: BenchPart[] = ['smtp', 'http', 'fsync', 'noisy'];
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
  };
}
