/**
 * Noisy neighbour: the latency of small GETs (each probe one request at a time) while one
 * abusive-but-accepted request runs, beside the same GETs on an idle server. Two probes run side by
 * side: an authenticated `/api/v1` GET (API key check and a database read) and `/v1/ping` (no database),
 * so a wait for the database tells apart from a held event loop, which delays both. The server's RSS
 * is read before, right after and a while after the large send, to show whether memory returns.
 */
import { readFile } from 'node:fs/promises';
import { type Latencies, ms, probe, sleep } from './latency-probe.ts';
import type { OurServer } from './our-server.ts';

interface Abuse {
  name: string;
  body: () => unknown;
}

const from = 'noisy@bench.test';
const address = (index: number) => ({ address: { email: `r${index}@example.test` } });

export const abuses: Abuse[] = [
  {
    name: '{{if a}}×4000 + x + {{end}}×4000 in content.text, 1 recipient',
    body: () => ({
      recipients: [address(0)],
      content: { from, subject: 'nested', text: `${'{{if a}}'.repeat(4000)}x${'{{end}}'.repeat(4000)}` },
    }),
  },
  {
    name: 'nested {{each}} over 999 items, 20 recipients',
    body: () => ({
      recipients: Array.from({ length: 20 }, (_, index) => address(index)),
      substitution_data: { l: Array.from({ length: 999 }, (_, index) => index) },
      content: { from, subject: 'loops', text: '{{each l}}{{each l}}.{{end}}{{end}}' },
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
  api: Latencies;
  ping: Latencies;
  /** The abusive request's status and duration, empty for the idle row. */
  abuse: string;
}

export interface NoisyOutcome {
  rows: NoisyRow[];
  memory: string;
}

const apiProbePath = '/api/v1/templates';

async function probes(server: OurServer, until: Promise<unknown>): Promise<Pick<NoisyRow, 'api' | 'ping'>> {
  const [api, ping] = await Promise.all([
    probe(
      () => fetch(`${server.httpUrl}${apiProbePath}`, { headers: { authorization: server.apiKey } }),
      until,
    ),
    probe(() => fetch(`${server.httpUrl}/v1/ping`), until),
  ]);
  return { api, ping };
}

async function rssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
  return kb / 1024;
}

/** Waits until the transmission is no longer being generated. */
async function generated(server: OurServer, id: string): Promise<void> {
  const deadline = performance.now() + 600_000;
  while (performance.now() < deadline) {
    const response = await fetch(`${server.httpUrl}/api/v1/transmissions/${id}`, {
      headers: { authorization: server.apiKey },
    });
    const state = ((await response.json()) as { results?: { transmission?: { state?: string } } }).results
      ?.transmission?.state;
    if (state !== 'Generating' && state !== 'submitted') return;
    await sleep(250);
  }
}

export async function measureNoisyNeighbour(
  server: OurServer,
  seconds: number,
  log: (line: string) => void,
): Promise<NoisyOutcome> {
  const rows: NoisyRow[] = [];
  rows.push({ scenario: 'idle', ...(await probes(server, sleep(seconds * 1000))), abuse: '' });
  log(`  noisy neighbour: idle p99 ${rows[0]?.api.p99Ms.toFixed(1)} ms`);
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
      const status = `${response.status}${code && response.status >= 400 ? ` (code ${code})` : ''}`;
      const id = /"id":\s*"(\d+)"/.exec(text)?.[1];
      if (response.status !== 200 || id === undefined) return status;
      // A large transmission is generated after its 200: the probes run until it is done too.
      const answered = ((performance.now() - started) / 1000).toFixed(1);
      await generated(server, id);
      return `${status} after ${answered} s, generated`;
    });
    const [latencies, status] = await Promise.all([
      probes(server, request),
      request.catch((error: Error) => error.message),
    ]);
    const took = ((performance.now() - started) / 1000).toFixed(1);
    rows.push({ scenario: `while: ${abuse.name}`, ...latencies, abuse: `${status} in ${took} s` });
    const last = rows.at(-1);
    log(
      `  noisy neighbour: ${abuse.name}: ${last?.abuse}, API p99 ${ms(last?.api.p99Ms)} ms, ping max ${ms(last?.ping.maxMs)} ms`,
    );
  }
  const afterSend = await rssMb(server.pid);
  await sleep(15_000);
  const settled = await rssMb(server.pid);
  const memory = `server RSS: ${baseline.toFixed(0)} MB before the abusive requests, ${afterSend.toFixed(0)} MB right after the last (the 10 MB send), ${settled.toFixed(0)} MB 15 s later`;
  log(`  noisy neighbour: ${memory}`);
  return { rows, memory };
}

/** The scenario's own markdown table (its columns differ from the throughput table). */
export function noisyNeighbourMarkdown(label: string, outcome: NoisyOutcome): string {
  return [
    `## Noisy neighbour [ours on ${label}]`,
    '',
    `Latency of \`GET ${apiProbePath}\` (API key, database read) and \`GET /v1/ping\` (no database), each probe one request at a time, idle and while one abusive request runs.`,
    '',
    '| while | API GETs | API p50 / p99 / max ms | pings | ping p99 / max ms | abusive request |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...outcome.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.api.count} | ${ms(r.api.p50Ms)} / ${ms(r.api.p99Ms)} / ${ms(r.api.maxMs)} | ${r.ping.count} | ${ms(r.ping.p99Ms)} / ${ms(r.ping.maxMs)} | ${r.abuse} |`,
    ),
    '',
    `- ${outcome.memory}`,
    '',
  ].join('\n');
}
