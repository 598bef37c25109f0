/**
 * Noisy neighbour between companies: company A uploads, posts large bodies or renders heavily for a
 * while, and company B's small requests are timed meanwhile (each probe one request at a time): its
 * `GET /api/v1/templates` always, and where A holds the render threads B's own small preview or
 * design render too. The target: B's p99 at most 100 ms in each case.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Latencies, ms, probe, sleep } from './latency-probe.ts';
import type { OurServer } from './our-server.ts';

export interface NeighbourRow {
  scenario: string;
  /** B's `GET /api/v1/templates`, and its own small render where the case is about the render threads. */
  probes: { name: string; latencies: Latencies }[];
  /** A's requests in the meantime: how many, with which answers. */
  abuse: string;
}

interface Company {
  key: string;
  embedToken: string;
}

export interface Companies {
  a: Company;
  /** A key of company A holding only metrics/view. */
  aWithoutGrants: string;
  b: Company;
}

const json = (key: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: key, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function expectOk(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function prepare(server: OurServer): Promise<Companies> {
  const embedTokenOf = async (key: string) => {
    const made = await fetch(`${server.httpUrl}/api/v1/embed-tokens`, json(key, { ttl_seconds: 3600 }));
    return ((await expectOk(made, 'embed token')).results as { token: string }).token;
  };
  const limited = await fetch(
    `${server.httpUrl}/api/v1/api-keys`,
    json(server.apiKey, { label: 'no grants', grants: ['metrics/view'] }),
  );
  return {
    a: { key: server.apiKey, embedToken: await embedTokenOf(server.apiKey) },
    aWithoutGrants: ((await expectOk(limited, 'api key')).results as { key: string }).key,
    b: { key: server.neighbourKey, embedToken: await embedTokenOf(server.neighbourKey) },
  };
}

/** Runs `times` loops of `request` until `seconds` pass; the answers' statuses counted. */
async function repeatFor(seconds: number, times: number, request: () => Promise<number>): Promise<string> {
  const deadline = performance.now() + seconds * 1000;
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: times }, async () => {
      while (performance.now() < deadline) {
        const status = await request().catch((error: Error) => error.message);
        statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
      }
    }),
  );
  return [...statuses].map(([status, count]) => `${count}× ${status}`).join(', ');
}

/** A value made on first use only (the abuse runs in its own thread, which makes its own). */
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
};
const twentyMegabytes = lazy(() => new Uint8Array(20 * 1024 * 1024 - 1024).fill(7));
/** 45 MB of small numbers, encoded once: JSON.parse of it takes most of a second. */
const numbersBody = lazy(() => new TextEncoder().encode(`{"recipients":[${'0,'.repeat(22_500_000)}0]}`));
const validationCsv = lazy(
  () => `email\n${Array.from({ length: 100_000 }, (_, n) => `user${n}@example.test`).join('\n')}\n`,
);

/** POST /transmissions of the 45 MB body with `key`: the answer's status. */
async function postNumbers(httpUrl: string, key: string): Promise<number> {
  const answer = await fetch(`${httpUrl}/api/v1/transmissions`, { ...json(key, {}), body: numbersBody() });
  await answer.arrayBuffer();
  return answer.status;
}

function csvUpload(csv: string): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = '----bench-boundary';
  return {
    body: new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Three nested loops over 368 items: about 50 million steps, the most one render may take. */
const heavyPreview = {
  substitution_data: { l: Array.from({ length: 368 }, (_, n) => n) },
  content: { text: '{{each l}}{{each l}}{{each l}}.{{end}}{{end}}{{end}}' },
};
const smallPreview = { substitution_data: { name: 'B' }, content: { text: 'Hello {{name}}' } };

/** The editor's every block ten times over (200 blocks), its texts filled up to about 1 MB. */
function maximalDesign(): unknown {
  const path = fileURLToPath(new URL('../fixtures/editor/all-blocks.design.json', import.meta.url));
  const design = JSON.parse(readFileSync(path, 'utf8')) as { blocks: Record<string, unknown>[] };
  const filler = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(780)}</p>`;
  design.blocks = Array.from({ length: 10 }, (_, copy) =>
    design.blocks.map((block) => {
      const props = block.props as Record<string, unknown>;
      const filled = block.type === 'text' || block.type === 'html' ? { ...props, html: filler } : props;
      return { ...block, id: `${String(block.id)}-${copy}`, props: filled };
    }),
  ).flat();
  return design;
}

function smallDesign(): unknown {
  const path = fileURLToPath(new URL('../fixtures/editor/all-blocks.design.json', import.meta.url));
  const design = JSON.parse(readFileSync(path, 'utf8')) as { blocks: { type: string }[] };
  design.blocks = design.blocks.filter((block) => block.type === 'text');
  return design;
}

interface Case {
  name: string;
  /** A's requests to the server at `httpUrl`, for `seconds`; what they got. */
  abuse(httpUrl: string, companies: Companies, seconds: number): Promise<string>;
  /** B's own render probe, where A holds the render threads. */
  render?: { name: string; request(httpUrl: string, b: Company): Promise<Response> };
}

const previewProbe: Case['render'] = {
  name: 'B: POST /utils/content-previewer',
  request: (httpUrl, b) => fetch(`${httpUrl}/api/v1/utils/content-previewer`, json(b.key, smallPreview)),
};
const designRenderProbe = (design: unknown): Case['render'] => ({
  name: 'B: POST /embed/v1/render',
  request: (httpUrl, b) =>
    fetch(`${httpUrl}/embed/v1/render`, {
      method: 'POST',
      headers: { ...bearer(b.embedToken), 'content-type': 'application/json' },
      body: JSON.stringify({ design }),
    }),
});

export function neighbourCases(): Case[] {
  return [
    {
      name: 'A uploads 20 MB files to /embed/v1/media, 2 at a time (each deleted after)',
      abuse: (httpUrl, { a }, seconds) =>
        repeatFor(seconds, 2, async () => {
          const stored = await fetch(`${httpUrl}/embed/v1/media?name=big.zip`, {
            method: 'POST',
            headers: { ...bearer(a.embedToken), 'content-type': 'application/zip' },
            body: twentyMegabytes(),
          });
          const answer = (await stored.json()) as { results?: { id: string } };
          if (answer.results) {
            await fetch(`${httpUrl}/embed/v1/media/${answer.results.id}`, {
              method: 'DELETE',
              headers: bearer(a.embedToken),
            });
          }
          return stored.status;
        }),
    },
    {
      name: 'A uploads a 100,000-row recipient validation list, 1 at a time',
      abuse: (httpUrl, { a }, seconds) => {
        const { body, contentType } = csvUpload(validationCsv());
        return repeatFor(seconds, 1, async () => {
          const uploaded = await fetch(`${httpUrl}/api/v1/recipient-validation/upload`, {
            method: 'POST',
            headers: { authorization: a.key, 'content-type': contentType },
            body,
          });
          await uploaded.arrayBuffer();
          return uploaded.status;
        });
      },
    },
    {
      name: 'A posts 45 MB JSON bodies to /transmissions with a key lacking the grant, 2 at a time',
      abuse: (httpUrl, { aWithoutGrants }, seconds) =>
        repeatFor(seconds, 2, () => postNumbers(httpUrl, aWithoutGrants)),
    },
    {
      name: 'A posts 45 MB JSON bodies to /transmissions with its key, 1 at a time',
      abuse: (httpUrl, { a }, seconds) => repeatFor(seconds, 1, () => postNumbers(httpUrl, a.key)),
    },
    {
      name: 'A runs 8 previews of 50M loop steps at once (/utils/content-previewer)',
      abuse: (httpUrl, { a }, seconds) => {
        const request = json(a.key, heavyPreview);
        return repeatFor(seconds, 8, async () => {
          const answer = await fetch(`${httpUrl}/api/v1/utils/content-previewer`, request);
          await answer.arrayBuffer();
          return answer.status;
        });
      },
      render: previewProbe,
    },
    {
      name: 'A renders 4 maximal designs at once (/embed/v1/render: 200 blocks, ~1 MB)',
      abuse: (httpUrl, { a }, seconds) => {
        const body = new TextEncoder().encode(JSON.stringify({ design: maximalDesign() }));
        return repeatFor(seconds, 4, async () => {
          const answer = await fetch(`${httpUrl}/embed/v1/render`, {
            method: 'POST',
            headers: { ...bearer(a.embedToken), 'content-type': 'application/json' },
            body,
          });
          await answer.arrayBuffer();
          return answer.status;
        });
      },
      render: designRenderProbe(smallDesign()),
    },
  ];
}

/** Case `index`'s abuse, run in a worker thread (neighbour-abuse.ts); what A's requests got. */
function abuseInThread(
  index: number,
  httpUrl: string,
  companies: Companies,
  seconds: number,
): Promise<string> {
  const worker = new Worker(new URL('./neighbour-abuse.ts', import.meta.url), {
    workerData: { index, httpUrl, companies, seconds },
  });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** B's latencies idle, then during each of A's cases. */
export async function measureNeighbourCases(
  server: OurServer,
  seconds: number,
  log: (line: string) => void,
): Promise<NeighbourRow[]> {
  const companies = await prepare(server);
  const templatesProbe = 'B: GET /api/v1/templates';
  const templates = () =>
    fetch(`${server.httpUrl}/api/v1/templates`, { headers: { authorization: companies.b.key } });
  const cases = neighbourCases();
  const renders = cases.flatMap((neighbourCase) => (neighbourCase.render ? [neighbourCase.render] : []));
  const idleFor = sleep(seconds * 1000);
  const idle = await Promise.all([
    probe(templates, idleFor),
    ...renders.map((render) => probe(() => render.request(server.httpUrl, companies.b), idleFor)),
  ]);
  const rows: NeighbourRow[] = [
    {
      scenario: 'idle',
      probes: [templatesProbe, ...renders.map((render) => render.name)].map((name, index) => ({
        name,
        latencies: idle[index] as Latencies,
      })),
      abuse: '',
    },
  ];
  for (const neighbourCase of cases) {
    const started = performance.now();
    // In a thread of its own: A's large bodies are not made on the probes' event loop.
    const abuse = abuseInThread(cases.indexOf(neighbourCase), server.httpUrl, companies, seconds);
    const { render } = neighbourCase;
    const [api, rendered, summary] = await Promise.all([
      probe(templates, abuse),
      render ? probe(() => render.request(server.httpUrl, companies.b), abuse) : undefined,
      abuse,
    ]);
    const took = ((performance.now() - started) / 1000).toFixed(1);
    rows.push({
      scenario: neighbourCase.name,
      probes: [
        { name: templatesProbe, latencies: api },
        ...(render && rendered ? [{ name: render.name, latencies: rendered }] : []),
      ],
      abuse: `${summary} in ${took} s`,
    });
    log(
      `  neighbour: ${neighbourCase.name}: ${rows
        .at(-1)
        ?.probes.map(
          ({ name, latencies }) => `${name} p50 ${ms(latencies.p50Ms)} / p99 ${ms(latencies.p99Ms)} ms`,
        )
        .join(', ')} (A: ${summary})`,
    );
  }
  return rows;
}

export function neighbourMarkdown(label: string, rows: NeighbourRow[], loadAverage: string): string {
  return [
    `## Noisy neighbour between companies [ours on ${label}]`,
    '',
    "Company B's small requests, each probe one request at a time, while company A's requests run (target: B's p99 ≤ 100 ms).",
    `Load average when the part started: ${loadAverage} (other work shares this machine).`,
    '',
    "| while | B's probe | count | p50 / p99 / max ms | A's requests |",
    '| --- | --- | ---: | ---: | --- |',
    ...rows.flatMap((row) =>
      row.probes.map(
        ({ name, latencies: l }) =>
          `| ${row.scenario} | ${name} | ${l.count} | ${ms(l.p50Ms)} / ${ms(l.p99Ms)} / ${ms(l.maxMs)} | ${row.abuse} |`,
      ),
    ),
    '',
  ].join('\n');
}
