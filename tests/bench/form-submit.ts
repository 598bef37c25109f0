/**
 * `npm run bench:forms`: issue 26's form figures, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL.
 * - Public form submissions at BENCH_FORM_RATE a second (default 200) for BENCH_FORM_SECONDS (default
 *   10): each a new visitor's answers to a published sign-up form that saves contacts (a new contact
 *   each), with a captcha solution of its own, against our server (a child process) and a bare Fastify
 *   route that only parses the JSON, under the same load: throughput, p50 and p99 latency (goal
 *   p99 ≤ 50 ms). The server runs with FORM_CAPTCHA_COST=1 and FORM_CAPTCHA_MAX_TRIES=5, so that the
 *   bench can solve every challenge first: verifying a solution costs the server the same at any
 *   difficulty (it checks signatures only).
 * - `<signup-form>`'s first download (dist/embed/signup-form.js and what it loads, gzip) and the time
 *   until its first field can be typed in on a plain page of another origin (Chromium, p50 of 5 cold loads).
 * Results go to tests/bench/results/form-submit.{json,md}. Needs `npm run build` for the second part.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { solvedCaptcha } from '../../server/src/testing/form-captcha.ts';
import { startBareFastify } from './http-scenarios.ts';
import { benchAccount, startOurServer } from './our-server.ts';
import { runCleanups } from './processes.ts';
import { markdownTable, round, writeResults } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const rate = Number(process.env.BENCH_FORM_RATE ?? 200);
const seconds = Number(process.env.BENCH_FORM_SECONDS ?? 10);
const total = rate * seconds;
const log = (line: string) => console.log(line);

interface LoadFigures {
  target: string;
  sent: number;
  ok: number;
  non2xx: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * `bodies` POSTed to `url` at `rate` a second (each once), on 8 connections. autocannon paces each
 * connection on its own timer, all started together: 32 connections sent bursts of 32 at once (p50
 * 60 ms at 100/s where 4 connections gave 8 ms), which no crowd of visitors does.
 */
function load(target: string, url: string, bodies: readonly string[]): Promise<LoadFigures> {
  let next = 0;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    autocannon(
      {
        url,
        connections: 8,
        overallRate: rate,
        amount: bodies.length,
        timeout: 30,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          target,
          sent: bodies.length,
          ok: result['2xx'],
          non2xx: result.non2xx,
          perSecond: round(result['2xx'] / ((performance.now() - started) / 1000)),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
        });
      },
    );
  });
}

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

/** Our server on `databaseUrl` (PGlite when undefined): the sign-up form published, then the load. */
async function ours(
  database: string,
  databaseUrl: string | undefined,
): Promise<LoadFigures | { skipped: string }> {
  const started = await startOurServer(root, databaseUrl, log, {
    APP_VARIANT: 'full',
    FORM_CAPTCHA_COST: '1',
    FORM_CAPTCHA_MAX_TRIES: '5',
    FORM_SUBMITS_PER_VISITOR_PER_MINUTE: '10000000',
    FORM_SUBMITS_PER_FORM_PER_MINUTE: '10000000',
  });
  if ('reason' in started) return { skipped: started.reason };
  const { server } = started;
  try {
    const signedIn = await json(`${server.httpUrl}/v1/signin`, {
      method: 'POST',
      body: JSON.stringify({
        email: benchAccount.email,
        password: benchAccount.password,
        logoutFromOthers: true,
      }),
    });
    const token: string = signedIn.data.accessToken;
    const form = await json(`${server.httpUrl}/v1/forms`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        name: `Bench sign-up ${Date.now()}`,
        optin: false,
        components: [
          { id: 'email', type: 'inputText', setting: { title: 'Email', required: true, field: 'email' } },
          { id: 'name', type: 'inputText', setting: { title: 'First name', field: 'firstname' } },
          {
            id: 'topic',
            type: 'inputDropdown',
            setting: {
              title: 'Topic',
              options: [
                { optionId: 'bikes', label: 'Bikes' },
                { optionId: 'parts', label: 'Parts' },
              ],
            },
          },
        ],
      }),
    });
    const formId: string = form.data.formId;
    await json(`${server.httpUrl}/v1/forms/${formId}/publish`, {
      method: 'POST',
      token,
      body: JSON.stringify({ publish: true }),
    });
    log(`${database}: solving ${total} challenges…`);
    const bodies: string[] = [];
    const run = Date.now().toString(36);
    for (let index = 0; index < total; index += 1) {
      const challenge: Parameters<typeof solvedCaptcha>[0] = await json(
        `${server.httpUrl}/embed/forms/${formId}/challenge`,
      );
      bodies.push(
        JSON.stringify({
          answers: { email: `visitor${index}.${run}@bench.test`, name: `Visitor ${index}`, topic: 'bikes' },
          captcha: await solvedCaptcha(challenge),
          website: '',
        }),
      );
    }
    log(`${database}: ${total} submissions at ${rate}/s…`);
    return await load(`ours (${database})`, `${server.httpUrl}/embed/forms/${formId}/submit`, bodies);
  } finally {
    await server.stop();
  }
}

async function bare(): Promise<LoadFigures | { skipped: string }> {
  const started = await startBareFastify(root);
  if ('reason' in started) return { skipped: started.reason };
  try {
    const body = JSON.stringify({
      answers: { email: 'visitor@bench.test', name: 'Visitor', topic: 'bikes' },
    });
    return await load('bare Fastify', `${started.url}/embed/forms/1/submit`, Array(total).fill(body));
  } finally {
    await started.stop();
  }
}

interface ElementFigures {
  /** The script and every file it loads, as sent (gzip). */
  gzipBytes: number;
  files: number;
  /** Navigation start to the first field typeable, p50 of 5 cold loads. */
  interactiveMsP50: number;
}

/** `<signup-form>` on a plain page of another origin, served from dist/ by a small static server with a stub form API. */
async function element(): Promise<ElementFigures | { skipped: string }> {
  const embedDir = path.join(root, 'dist', 'embed');
  if (!existsSync(path.join(embedDir, 'signup-form.js')))
    return { skipped: 'dist/embed/signup-form.js: run npm run build' };
  const definition = JSON.stringify({
    data: {
      formId: '1',
      name: 'News',
      closed: null,
      components: [
        { id: 'email', type: 'inputText', setting: { title: 'Email', required: true, field: 'email' } },
      ],
      settings: {
        captcha: 'proofOfWork',
        enableConditional: false,
        submitBtnTitle: 'Join',
        wizardMode: false,
        nextTitle: 'Next',
        backTitle: 'Back',
        consentText: 'I agree.',
      },
    },
  });
  const files = new Map<string, Buffer>();
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return response.end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head><body><h1>Shop</h1><signup-form form-id="1"></signup-form><script type="module" src="/embed/signup-form.js"></script></body></html>',
      );
    }
    if (url === '/embed/forms/1') {
      response.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return response.end(definition);
    }
    const file = path.join(embedDir, path.basename(url));
    if (!url.startsWith('/embed/') || !existsSync(file)) return response.writeHead(404).end();
    const gz = gzipSync(readFileSync(file), { level: 9 });
    files.set(url, gz);
    response.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip' });
    return response.end(gz);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const times: number[] = [];
    for (let turn = 0; turn < 5; turn += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(url);
      await page.getByLabel('Email').waitFor();
      times.push(await page.evaluate(() => performance.now()));
      await context.close();
    }
    times.sort((x, y) => x - y);
    return {
      gzipBytes: [...files.values()].reduce((sum, file) => sum + file.length, 0),
      files: files.size,
      interactiveMsP50: round(times[2] ?? 0),
    };
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
}

try {
  const loads = [await bare(), await ours('PGlite', undefined)];
  if (process.env.BENCH_DATABASE_URL) loads.push(await ours('PostgreSQL', process.env.BENCH_DATABASE_URL));
  const embed = await element();
  const measured = loads.filter((figures): figures is LoadFigures => !('skipped' in figures));
  const peer = measured.find((figures) => figures.target === 'bare Fastify');
  const markdown = [
    `# Form submissions and <signup-form> (${new Date().toISOString().slice(0, 10)})`,
    '',
    `\`npm run bench:forms\`: ${total} submissions at ${rate}/s, each a new contact with its own captcha solution.`,
    '',
    ...markdownTable(
      ['target', 'ok / sent', 'non-2xx', 'per second', 'p50 ms', 'p99 ms (goal ≤ 50)', 'p99 ÷ bare Fastify'],
      measured.map((figures) => [
        figures.target,
        `${figures.ok} / ${figures.sent}`,
        figures.non2xx,
        figures.perSecond,
        figures.p50Ms,
        figures.p99Ms,
        peer ? round(figures.p99Ms / Math.max(peer.p99Ms, 1), 2) : '–',
      ]),
    ),
    ...loads
      .filter((figures) => 'skipped' in figures)
      .map((figures) => `\nSkipped: ${(figures as { skipped: string }).skipped}`),
    '',
    'skipped' in embed
      ? `<signup-form>: skipped (${embed.skipped})`
      : `<signup-form>: first download ${round(embed.gzipBytes / 1024)} KiB gzip in ${embed.files} file(s); first field typeable ${embed.interactiveMsP50} ms after navigation (p50 of 5 cold loads, Chromium).`,
    '',
  ].join('\n');
  await writeResults('form-submit', { rate, seconds, loads, embed }, markdown);
} finally {
  await runCleanups();
}
