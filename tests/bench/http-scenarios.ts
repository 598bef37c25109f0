import path from 'node:path';
import { canConnect, freePort, waitUntil } from '../support/ports.ts';
import { type HttpLoadOptions, preflight, runHttpBatches, runHttpLoad } from './http-load.ts';
import { measure } from './measure.ts';
import { transmissionBody } from './message.ts';
import { nodeBinary, type OurServer } from './our-server.ts';
import { startChild, summarizeOutput } from './processes.ts';
import type { Outcome, Row } from './report.ts';
import type { BenchSettings } from './settings.ts';

export interface HttpOutcomes {
  single: Outcome;
  batch: Outcome;
}

const transmissionsPath = '/api/v1/transmissions';

function loads(settings: BenchSettings, baseUrl: string, apiKey: string) {
  const base = {
    url: `${baseUrl}${transmissionsPath}`,
    headers: { 'content-type': 'application/json', authorization: apiKey },
    seconds: settings.seconds,
  };
  return {
    single: { ...base, body: transmissionBody(1), connections: settings.httpConnections },
    batch: { ...base, body: transmissionBody(settings.batchSize), connections: settings.batchConnections },
  } satisfies Record<keyof HttpOutcomes, HttpLoadOptions>;
}

async function run(options: HttpLoadOptions, recipientsPerRequest: number): Promise<Outcome> {
  const reason = await preflight(options);
  if (reason) return { skipped: reason };
  const result = recipientsPerRequest === 1 ? await runHttpLoad(options) : await runHttpBatches(options);
  if (result.ok === 0)
    return { skipped: `no 2xx response (${result.non2xx} non-2xx, ${result.errors} errors)` };
  const problems = result.non2xx + result.errors;
  return {
    rate: result.perSecond * recipientsPerRequest,
    unit: recipientsPerRequest === 1 ? 'req/s' : 'recipients/s',
    note: problems > 0 ? `${result.non2xx} non-2xx responses and ${result.errors} errors` : undefined,
  };
}

async function measureBoth(
  settings: BenchSettings,
  label: string,
  baseUrl: string,
  apiKey: string,
  log: (line: string) => void,
): Promise<HttpOutcomes> {
  const options = loads(settings, baseUrl, apiKey);
  const names = scenarios(settings);
  return {
    single: await measure(`${label}: ${names.single}`, log, () => run(options.single, 1)),
    batch: await measure(`${label}: ${names.batch}`, log, () => run(options.batch, settings.batchSize)),
  };
}

/** The bare Fastify route (bare-fastify.ts) in a child process, or why it did not start. */
export async function startBareFastify(
  root: string,
): Promise<{ url: string; stop: () => Promise<void> } | { reason: string }> {
  const port = await freePort();
  const child = startChild(nodeBinary(root), [path.join(root, 'tests', 'bench', 'bare-fastify.ts')], {
    ...process.env,
    PORT: String(port),
  });
  const notReady = await waitUntil(
    () => canConnect(port),
    20_000,
    () => (child.process.exitCode === null ? undefined : `exited: ${summarizeOutput(child.output())}`),
  );
  if (notReady) {
    await child.stop();
    return { reason: `bare Fastify did not start: ${notReady}` };
  }
  return { url: `http://127.0.0.1:${port}`, stop: child.stop };
}

/** The limit: a bare Fastify route in a child process, same body, no work behind it. */
export async function measureBareFastify(
  settings: BenchSettings,
  root: string,
  log: (line: string) => void,
): Promise<HttpOutcomes> {
  const bare = await startBareFastify(root);
  if ('reason' in bare) return { single: { skipped: bare.reason }, batch: { skipped: bare.reason } };
  try {
    return await measureBoth(settings, 'bare Fastify', bare.url, 'bench', log);
  } finally {
    await bare.stop();
  }
}

export async function measureOurHttp(
  settings: BenchSettings,
  server: OurServer | { reason: string },
  log: (line: string) => void,
): Promise<HttpOutcomes> {
  if ('reason' in server) return { single: { skipped: server.reason }, batch: { skipped: server.reason } };
  const outcomes = await measureBoth(settings, 'ours', server.httpUrl, server.apiKey, log);
  const died = server.died();
  const explain = (outcome: Outcome): Outcome =>
    died && 'skipped' in outcome ? { skipped: `${outcome.skipped}; ${died}` } : outcome;
  return { single: explain(outcomes.single), batch: explain(outcomes.batch) };
}

export const scenarios = (settings: BenchSettings) => ({
  single: `POST ${transmissionsPath}, 1 recipient, ${settings.httpConnections} connections`,
  batch: `POST ${transmissionsPath}, ${settings.batchSize}-recipient batches, ${settings.batchConnections} connections`,
});

export function httpRows(settings: BenchSettings, limit: HttpOutcomes, ours: HttpOutcomes): Row[] {
  const names = scenarios(settings);
  return (['single', 'batch'] as const).map((key) => ({
    scenario: names[key],
    peer: 'bare Fastify route (parse JSON, answer)',
    limit: limit[key],
    ours: ours[key],
  }));
}
