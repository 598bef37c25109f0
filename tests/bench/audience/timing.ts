import type { Db, Row } from '../../../server/src/db/db.ts';

/** Unmeasured calls {@link repeat} makes first. */
export const warmups = 2;

interface Statement {
  sql: string;
  params: unknown[];
  ms: number;
  /** The SET LOCAL statements its transaction ran before it (the settings its plan was made under). */
  settings: string[];
}

/** The database, its statements timed and kept while `capture` runs (what EXPLAIN is asked about). */
export function recording(db: Db) {
  let log: Statement[] | undefined;
  const wrap = (inner: Db, settings: string[]): Db => {
    const timed = async <T>(sql: string, params: unknown[] | undefined, run: () => Promise<T>) => {
      const current = log;
      if (!current) return run();
      const started = performance.now();
      const value = await run();
      current.push({ sql, params: params ?? [], ms: performance.now() - started, settings: [...settings] });
      if (/^SET LOCAL /.test(sql)) settings.push(sql);
      return value;
    };
    return {
      ...inner,
      query: <T extends object = Row>(sql: string, params?: unknown[]) =>
        timed(sql, params, () => inner.query<T>(sql, params)),
      one: <T extends object = Row>(sql: string, params?: unknown[]) =>
        timed(sql, params, () => inner.one<T>(sql, params)),
      maybeOne: <T extends object = Row>(sql: string, params?: unknown[]) =>
        timed(sql, params, () => inner.maybeOne<T>(sql, params)),
      transaction: <T>(fn: (tx: Db) => Promise<T>) => inner.transaction((tx) => fn(wrap(tx, []))),
    };
  };
  const wrapped = wrap(db, []);
  return {
    db: wrapped,
    async capture(fn: () => Promise<unknown>): Promise<Statement[]> {
      log = [];
      try {
        await fn();
        return log;
      } finally {
        log = undefined;
      }
    },
  };
}

/** The nearest-rank percentile of sorted samples. */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export function summary(samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Calls `fn` `count` times after {@link warmups} unmeasured calls; answers the times and its last answer. */
export async function repeat<T>(
  count: number,
  fn: () => Promise<T>,
): Promise<{ samples: number[]; last: T }> {
  let last = await fn();
  for (let index = 1; index < warmups; index += 1) last = await fn();
  const samples: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    last = await fn();
    samples.push(performance.now() - started);
  }
  return { samples, last };
}

/** Calls `fn` one call after another until `stop` says so; answers each call's time. */
export async function until(stop: () => boolean, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  while (!stop()) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return samples;
}
