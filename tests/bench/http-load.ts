import autocannon from 'autocannon';

export interface HttpLoadOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  seconds: number;
}

export interface HttpLoadResult {
  /** 2xx responses per second. */
  perSecond: number;
  ok: number;
  non2xx: number;
  errors: number;
  latencyP99Ms: number;
  seconds: number;
}

/** One request first, so a 404 or 401 shows as a readable reason instead of a zero rate. */
export async function preflight(options: HttpLoadOptions): Promise<string | undefined> {
  try {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: options.headers,
      body: options.body,
    });
    const text = await response.text();
    if (response.ok) return undefined;
    return `POST ${new URL(options.url).pathname} answered ${response.status}: ${text.slice(0, 200)}`;
  } catch (error) {
    return `POST ${options.url} failed: ${(error as Error).message}`;
  }
}

/** Long enough for a slow 1,000-recipient batch; autocannon's default (10 s) would count it as an error. */
const requestTimeoutSeconds = 300;

/**
 * autocannon ends a fixed-count run on its next one-second tick, so such a run is timed to its last
 * response; a timed run to its end.
 */
function cannon(
  options: HttpLoadOptions,
  run: { seconds: number } | { requests: number },
): Promise<HttpLoadResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lastResponse = started;
    const instance = autocannon(
      {
        url: options.url,
        method: 'POST',
        headers: options.headers,
        body: options.body,
        connections: options.connections,
        timeout: requestTimeoutSeconds,
        ...('seconds' in run ? { duration: run.seconds } : { amount: run.requests }),
      },
      (error, result) => {
        if (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        const seconds = (('seconds' in run ? performance.now() : lastResponse) - started) / 1000;
        resolve({
          perSecond: seconds > 0 ? result['2xx'] / seconds : 0,
          ok: result['2xx'],
          non2xx: result.non2xx,
          errors: result.errors,
          latencyP99Ms: result.latency.p99,
          seconds,
        });
      },
    );
    instance.on('response', () => {
      lastResponse = performance.now();
    });
  });
}

/** A short warm-up (JIT, connection pools), then a run of options.seconds. */
export async function runHttpLoad(options: HttpLoadOptions): Promise<HttpLoadResult> {
  await cannon(options, { seconds: Math.min(2, Math.max(1, Math.round(options.seconds / 5))) });
  return cannon(options, { seconds: options.seconds });
}

/**
 * For large requests a timed run can end with few or no requests complete (in-flight ones are
 * dropped), so this sends a fixed number of requests, each counted when it completes: growing probes
 * (warm-up and rate estimate) until one lasts a second, then a run sized to take about options.seconds.
 */
export async function runHttpBatches(options: HttpLoadOptions): Promise<HttpLoadResult> {
  const roundUp = (requests: number) =>
    Math.max(1, Math.round(requests / options.connections)) * options.connections;
  let requests = options.connections;
  let probe = await cannon(options, { requests });
  while (probe.ok > 0 && probe.seconds < 1 && requests < 1_000_000) {
    requests = roundUp(Math.max(requests * 4, probe.perSecond * 1.2));
    probe = await cannon(options, { requests });
  }
  if (probe.ok === 0) return probe;
  return cannon(options, { requests: roundUp(probe.perSecond * options.seconds) });
}
