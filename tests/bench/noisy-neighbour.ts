/**
 * Noisy neighbour: the latency of a small authenticated GET (one request at a time) while one
 * abusive-but-accepted request runs, beside the same GET on an idle server. A request that holds the
 * event loop shows up as a p99 near its own duration. The server's RSS is read before, right after
 * and a while after the large send, to show whether memory returns.
 */
import { readFile } from 'node:fs/promises';
import type { OurServer } from './our-server.ts';

interface Abuse {
  name: string;
  body: () => unknown;
}

const from = 'noisy@bench.test';
const address = (index: number) => ({ address: { email: `r${index}@example.test` } });

export const abuses: Abuse[] = [
  {
    name: '{{#if a}}×4000 + x + {{/if}}×4000 in content.text, 1 recipient',
    body: () => ({
      recipients: [address(0)],
      content: { from, subject: 'nested', text: `${'{{#if a}}'.repeat(4000)}x${'{{/if}}'.repeat(4000)}` },
    }),
  },
  {
    name: 'nested {{#each}} over 999 items, 20 recipients',
    body: () => ({
      recipients: Array.from({ length: 20 }, (_, index) => address(index)),
      substitution_data: { l: Array.from({ length: 999 }, (_, index) => index) },
      content: { from, subject: 'loops', text: '{{#each l}}{{#each ../l}}.{{/each}}{{/each}}' },
    }),
  },
  {
    name: '100,000 recipients, small content',
    body: () => ({
      recipients: Array.from({ length: 100_000 }, (_, index) => address(index)),
      content: { from, subject: 'Hello {{address.email}}', text: 'Hello' },
    }),
  },
  {
    name: '10 MB text, 50 recipients',
    body: () => ({
      recipients: Array.from({ length: 50 }, (_, index) => address(index)),
      content: { from, subject: 'large', text: 'lorem ipsum '.repeat((10 * 1024 * 1024) / 12) },
    }),
  },
];

export interface NoisyRow {
  scenario: string;
  probes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The abusive request's status and duration, empty for the idle row. */
  abuse: string;
}

export interface NoisyOutcome {
  rows: NoisyRow[];
  memory: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN);

/** Sequential GETs until `until` settles (or for `seconds`), each latency in ms. */
async function probe(server: OurServer, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${server.httpUrl}/api/v1/templates`, {
      headers: { authorization: server.apiKey },
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

function row(scenario: string, latencies: number[], abuse: string): NoisyRow {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    scenario,
    probes: sorted.length,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    abuse,
  };
}

async function rssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureNoisyNeighbour(
  server: OurServer,
  seconds: number,
  log: (line: string) => void,
): Promise<NoisyOutcome> {
  const rows: NoisyRow[] = [];
  const idle = await probe(server, sleep(seconds * 1000));
  rows.push(row('idle', idle, ''));
  log(`  noisy neighbour: idle p99 ${rows[0]?.p99Ms.toFixed(1)} ms`);
  const baseline = await rssMb(server.pid);
  for (const abuse of abuses) {
    const body = JSON.stringify(abuse.body());
    const started = performance.now();
    const request = fetch(`${server.httpUrl}/api/v1/transmissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: server.apiKey },
      body,
      signal: AbortSignal.timeout(600_000),
    }).then(async (response) => {
      const text = await response.text();
      const code = /"code":\s*"(\d+)"/.exec(text)?.[1];
      return `${response.status}${code && response.status >= 400 ? ` (code ${code})` : ''}`;
    });
    const [latencies, status] = await Promise.all([
      probe(server, request),
      request.catch((error: Error) => error.message),
    ]);
    const took = ((performance.now() - started) / 1000).toFixed(1);
    rows.push(row(`while: ${abuse.name}`, latencies, `${status} in ${took} s`));
    log(`  noisy neighbour: ${abuse.name}: ${rows.at(-1)?.abuse}, p99 ${rows.at(-1)?.p99Ms.toFixed(1)} ms`);
  }
  const afterSend = await rssMb(server.pid);
  await sleep(15_000);
  const settled = await rssMb(server.pid);
  const memory = `server RSS: ${baseline.toFixed(0)} MB before the abusive requests, ${afterSend.toFixed(0)} MB right after the last (the 10 MB send), ${settled.toFixed(0)} MB 15 s later`;
  log(`  noisy neighbour: ${memory}`);
  return { rows, memory };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');

/** The scenario's own markdown table (its columns differ from the throughput table). */
export function noisyNeighbourMarkdown(label: string, outcome: NoisyOutcome): string {
  return [
    `## Noisy neighbour [ours on ${label}]`,
    '',
    'Latency of `GET /api/v1/templates` (one at a time, authenticated) idle and while one abusive request runs.',
    '',
    '| while | GETs | p50 ms | p99 ms | max ms | abusive request |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...outcome.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.probes} | ${ms(r.p50Ms)} | ${ms(r.p99Ms)} | ${ms(r.maxMs)} | ${r.abuse} |`,
    ),
    '',
    `- ${outcome.memory}`,
    '',
  ].join('\n');
}
