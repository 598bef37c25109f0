/** Latencies of a small request sent one at a time while something else runs (the noisy-neighbour parts). */
export interface Latencies {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

/** Sends `request` one at a time, its answer read whole, until `until` settles; each latency in ms. */
export async function probe(request: () => Promise<Response>, until: Promise<unknown>): Promise<Latencies> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? Number.NaN,
  };
}

/** Milliseconds with one decimal, or a dash for a figure not measured. */
export const ms = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? value.toFixed(1) : '—';

export const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
