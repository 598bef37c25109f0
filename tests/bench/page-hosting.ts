/**
 * `npm run bench:pages`: issue 26's hosted landing page, on PGlite and, with BENCH_DATABASE_URL, on
 * PostgreSQL. A landing page (a heading, text, a button and a sign-up form) is published on our
 * server's sites origin; then, in the same run:
 * - time to first byte of the page beside a static file the same sites server serves
 *   (/embed/signup-form.js, precompressed): BENCH_PAGE_REQUESTS (default 2,000) GETs each, one at a
 *   time, alternating, each timed from the request to its response headers (goal p95 ≤ 1.5× the file's);
 * - the same two under load: 8 connections for BENCH_PAGE_SECONDS (default 5) each (requests a second, p99);
 * - Lighthouse's mobile preset on the page (a mid-range phone on slow 4G, simulated; goal ≥ 95), with axe.
 * Results go to tests/bench/results/page-hosting.{json,md}. Needs `npm run build` (the form's module).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchAccount, startOurServer } from './our-server.ts';
import { launchMeasuringBrowser, measurePage, type PageFigures } from './page-figures.ts';
import { runCleanups } from './processes.ts';
import { markdownTable, round, writeResults } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const requests = Number(process.env.BENCH_PAGE_REQUESTS ?? 2000);
const seconds = Number(process.env.BENCH_PAGE_SECONDS ?? 5);
const log = (line: string) => console.log(line);

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(url, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
  });
  const body = await response.json();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const style = { paddingY: 16, paddingX: 24, background: 'transparent', align: 'center', hideOnMobile: false };

/** A landing page as a shop makes one: a heading, two paragraphs, a button and the sign-up form. */
const landingBlocks = (formId: string) => [
  { id: 'title', type: 'html', style, props: { html: '<h1>The spring ride is here</h1>' } },
  {
    id: 'intro',
    type: 'text',
    style,
    props: {
      html: '<p>Twelve new bikes, tuned for city and trail. Sign up and get 10% off your first ride.</p><p>Delivery in two days, free returns for thirty.</p>',
      color: '#1f2937',
      fontSize: 18,
      lineHeight: 1.5,
    },
  },
  {
    id: 'cta',
    type: 'button',
    style,
    props: {
      label: 'See the bikes',
      href: 'https://shop.example/bikes',
      color: '#1d4ed8',
      textColor: '#ffffff',
      radius: 6,
      fullWidth: false,
    },
  },
  { id: 'signup', type: 'form', style, props: { formId } },
];

interface Ttfb {
  p50Ms: number;
  p95Ms: number;
}
interface Load {
  perSecond: number;
  p99Ms: number;
  non2xx: number;
}
interface Figures {
  database: string;
  page: { ttfb: Ttfb; load: Load; bytes: number };
  file: { ttfb: Ttfb; load: Load; bytes: number };
  lighthouse: PageFigures | null;
}

const percentile = (sorted: readonly number[], share: number) =>
  round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0, 2);

/** One GET at a time, `url` and `other` alternating; each timed to its response headers (the body then read). */
async function firstBytes(url: string, other: string): Promise<[Ttfb, Ttfb]> {
  const pageTimes: number[] = [];
  const fileTimes: number[] = [];
  const headers = { 'accept-encoding': 'gzip' };
  for (let index = 0; index < requests * 2; index += 1) {
    const [target, times] = index % 2 === 0 ? [url, pageTimes] : [other, fileTimes];
    const started = performance.now();
    const response = await fetch(target, { headers });
    times.push(performance.now() - started);
    await response.arrayBuffer();
  }
  return [pageTimes, fileTimes].map((list) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95) };
  }) as [Ttfb, Ttfb];
}

function load(url: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 8,
        duration: seconds,
        headers: { 'accept-encoding': 'gzip', 'user-agent': 'bench' },
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              perSecond: round(result.requests.average),
              p99Ms: result.latency.p99,
              non2xx: result.non2xx,
            }),
    );
  });
}

async function bytesOf(url: string) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  return Number(response.headers.get('content-length') ?? (await response.arrayBuffer()).byteLength);
}

async function measure(
  database: string,
  databaseUrl: string | undefined,
): Promise<Figures | { skipped: string }> {
  const started = await startOurServer(root, databaseUrl, log, { APP_VARIANT: 'full' });
  if ('reason' in started) return { skipped: started.reason };
  const { server } = started;
  try {
    const token: string = (
      await json(`${server.httpUrl}/v1/signin`, {
        method: 'POST',
        body: JSON.stringify({
          email: benchAccount.email,
          password: benchAccount.password,
          logoutFromOthers: true,
        }),
      })
    ).data.accessToken;
    const run = Date.now().toString(36);
    const form = await json(`${server.httpUrl}/v1/forms`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        name: `Bench page form ${run}`,
        optin: false,
        components: [
          { id: 'email', type: 'inputText', setting: { title: 'Email', required: true, field: 'email' } },
        ],
      }),
    });
    const formId: string = form.data.formId;
    await json(`${server.httpUrl}/v1/forms/${formId}/publish`, {
      method: 'POST',
      token,
      body: '{"publish":true}',
    });
    const created = await json(`${server.httpUrl}/v1/pages`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: 'Spring ride', permalink: `spring-${run}` }),
    });
    const page = created.data;
    await json(`${server.httpUrl}/v1/pages/${page.pageId}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({
        design: { ...page.design, blocks: landingBlocks(formId) },
        setting: { title: 'The spring ride', description: 'Twelve new bikes, 10% off your first ride.' },
      }),
    });
    const published = await json(`${server.httpUrl}/v1/pages/${page.pageId}/publish`, {
      method: 'POST',
      token,
      body: '{"publish":true}',
    });
    const pageUrl: string = published.data.url;
    const fileUrl = `${server.sitesUrl}/embed/signup-form.js`;
    log(`${database}: ${requests} GETs each of ${pageUrl} and the static file…`);
    const [pageTtfb, fileTtfb] = await firstBytes(pageUrl, fileUrl);
    log(`${database}: 8 connections for ${seconds} s each…`);
    const pageLoad = await load(pageUrl);
    const fileLoad = await load(fileUrl);
    let lighthouse: PageFigures | null = null;
    if (database === 'PGlite') {
      log(`${database}: Lighthouse (mobile)…`);
      const browser = await launchMeasuringBrowser();
      try {
        lighthouse = await measurePage(browser, server.sitesUrl, new URL(pageUrl).pathname, log, 'mobile');
      } finally {
        await browser.close();
      }
    }
    return {
      database,
      page: { ttfb: pageTtfb, load: pageLoad, bytes: await bytesOf(pageUrl) },
      file: { ttfb: fileTtfb, load: fileLoad, bytes: await bytesOf(fileUrl) },
      lighthouse,
    };
  } finally {
    await server.stop();
  }
}

const results: (Figures | { skipped: string })[] = [await measure('PGlite', undefined)];
if (process.env.BENCH_DATABASE_URL) results.push(await measure('PostgreSQL', process.env.BENCH_DATABASE_URL));
await runCleanups();

const measured = results.filter((result): result is Figures => 'page' in result);
const rows = measured.flatMap((figures) => [
  [
    `hosted page (${figures.database})`,
    figures.page.bytes,
    figures.page.ttfb.p50Ms,
    round(figures.page.ttfb.p50Ms / figures.file.ttfb.p50Ms, 2),
    figures.page.ttfb.p95Ms,
    round(figures.page.ttfb.p95Ms / figures.file.ttfb.p95Ms, 2),
    figures.page.load.perSecond,
    figures.page.load.p99Ms,
  ],
  [
    `static file, same server (${figures.database})`,
    figures.file.bytes,
    figures.file.ttfb.p50Ms,
    1,
    figures.file.ttfb.p95Ms,
    1,
    figures.file.load.perSecond,
    figures.file.load.p99Ms,
  ],
]);
const lighthouse = measured.find((figures) => figures.lighthouse)?.lighthouse;
const markdown = [
  '# Hosted landing page (issue 26)',
  '',
  `\`npm run bench:pages\`, ${new Date().toISOString()}: ${requests} GETs each, one at a time and alternating; then 8 connections for ${seconds} s each (gzip asked).`,
  '',
  ...markdownTable(
    [
      'what',
      'bytes (gzip)',
      'TTFB p50 ms',
      'p50 ÷ static file',
      'TTFB p95 ms',
      'p95 ÷ static file (goal ≤ 1.5)',
      'req/s, 8 connections',
      'p99 ms',
    ],
    rows,
  ),
  '',
  lighthouse
    ? `Lighthouse mobile (simulated slow 4G, 4× CPU): performance ${lighthouse.performance} (goal ≥ 95), accessibility ${lighthouse.accessibility}, FCP ${lighthouse.fcp} ms, LCP ${lighthouse.lcp} ms, TBT ${lighthouse.tbt} ms, CLS ${round(lighthouse.cls ?? 0, 3)}; ${lighthouse.scripts} scripts, ${lighthouse.scriptKb} KB; axe ${lighthouse.axe} violations${lighthouse.axeRules.length ? ` (${lighthouse.axeRules.join(', ')})` : ''}.`
    : 'Lighthouse: not measured.',
  ...results
    .filter((result): result is { skipped: string } => 'skipped' in result)
    .map((result) => `Skipped: ${result.skipped}`),
  '',
].join('\n');
await writeResults('page-hosting', results, markdown);
console.log(markdown);
