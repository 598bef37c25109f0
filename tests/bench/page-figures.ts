/**
 * What one console page costs a browser, measured in a Chromium that Lighthouse can drive too
 * (`npm run bench:console` over every main page, `npm run bench:console-measure` on seeded data):
 *   - JavaScript loaded: the bodies of every script the page fetched on a cold load, as they came
 *     over the wire with `Accept-Encoding: gzip` (the network log's response body sizes);
 *   - the slowest API call during the load (`/api/` and `/v1/` requests, request start to response end);
 *   - axe violations (WCAG rules, as the e2e tests run them);
 *   - Lighthouse performance and accessibility scores and its paints, with Lighthouse's desktop
 *     preset (its desktop throttling: 40 ms round trips, 10 Mbit/s, no CPU slowdown) or its default
 *     mobile one (a mid-range phone on slow 4G: 150 ms, 1.6 Mbit/s, CPU 4× slower), simulated
 *     throttling, signed in (Lighthouse keeps the profile's storage).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { freePort } from '../support/ports.ts';

/** Lighthouse's desktop preset, or its default (mobile) one. */
export type LighthousePreset = 'desktop' | 'mobile';

export interface PageFigures {
  path: string;
  preset: LighthousePreset;
  scriptKb: number;
  scripts: number;
  /** The scripts' Content-Encoding as served (gzip expected). */
  scriptEncoding: string;
  /** The slowest API request of the load, its path and milliseconds (null: none). */
  slowestApi: { url: string; ms: number } | null;
  apiCalls: number;
  axe: number;
  axeRules: string[];
  performance: number | null;
  accessibility: number | null;
  /** Lighthouse's first and largest contentful paint, total blocking time and time to interactive, ms. */
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
  tti: number | null;
  /** Lighthouse's cumulative layout shift (unitless). */
  cls: number | null;
}

export interface MeasuringBrowser {
  context: BrowserContext;
  page: Page;
  /** Chromium's remote debugging port, for Lighthouse. */
  port: number;
  close(): Promise<void>;
}

/** A persistent Chromium (CHROME_PATH or /usr/bin/chromium) that asks for gzip only. */
export async function launchMeasuringBrowser(): Promise<MeasuringBrowser> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
    viewport: { width: 1350, height: 940 },
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    port,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Keeps a console session (its token, as the console stores it) in the page's localStorage; null clears it. */
export async function useSession(page: Page, baseUrl: string, token: string | null): Promise<void> {
  if (!page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/login`);
  await page.evaluate((value) => {
    if (value === null) localStorage.clear();
    else if (localStorage.getItem('token') !== value) {
      localStorage.setItem('token', value);
      localStorage.setItem('token2faStage', 'full');
    }
  }, token);
}

const auditMs = (audits: Record<string, { numericValue?: number }> | undefined, id: string) => {
  const value = audits?.[id]?.numericValue;
  return value === undefined ? null : Math.round(value);
};

const isApi = (url: URL) => url.pathname.startsWith('/api/') || url.pathname.startsWith('/v1/');

/** Loads `baseUrl + pathName` cold (cache and cookies cleared), then measures it; `log` hears Lighthouse's failures. */
export async function measurePage(
  browser: MeasuringBrowser,
  baseUrl: string,
  pathName: string,
  log: (line: string) => void,
  preset: LighthousePreset = 'desktop',
): Promise<PageFigures> {
  const { context, page, port } = browser;
  await context.clearCookies();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  const finished: Request[] = [];
  const onFinished = (request: Request) => finished.push(request);
  page.on('requestfinished', onFinished);
  await page.goto(`${baseUrl}${pathName}`, { waitUntil: 'networkidle' });
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  page.off('requestfinished', onFinished);

  let scriptBytes = 0;
  let scripts = 0;
  const encodings = new Set<string>();
  let slowestApi: PageFigures['slowestApi'] = null;
  let apiCalls = 0;
  for (const request of finished) {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) {
      scripts += 1;
      scriptBytes += (await request.sizes()).responseBodySize;
      encodings.add((await request.response())?.headers()['content-encoding'] ?? 'identity');
    } else if (isApi(url) && url.origin === new URL(baseUrl).origin) {
      apiCalls += 1;
      const ms = Math.round(request.timing().responseEnd);
      if (!slowestApi || ms > slowestApi.ms) slowestApi = { url: url.pathname + url.search, ms };
    }
  }

  // Frames hold mail (previews, the editor's Html blocks), sandboxed so that no script runs, axe's
  // included: it would wait for them forever (also inside shadow roots, where a selector cannot
  // exclude them). What they hold is the sender's mail, as the e2e tests' axe check says.
  const axe = await new AxeBuilder({ page }).options({ iframes: false }).analyze();
  const report = await lighthouse(
    `${baseUrl}${pathName}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
      throttlingMethod: 'simulate',
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (report?.lhr.runtimeError) {
    log(
      `${pathName}: Lighthouse could not measure: ${report.lhr.runtimeError.code} ${report.lhr.runtimeError.message}`,
    );
  }
  const categories = report?.lhr.categories;
  const audits = report?.lhr.audits;
  const score = (value: number | null | undefined) => (value == null ? null : Math.round(value * 100));
  return {
    path: pathName,
    preset,
    scriptKb: Math.round((scriptBytes / 1024) * 10) / 10,
    scripts,
    scriptEncoding: [...encodings].join(', '),
    slowestApi,
    apiCalls,
    axe: axe.violations.length,
    axeRules: axe.violations.map((violation) => violation.id),
    performance: score(categories?.performance?.score),
    accessibility: score(categories?.accessibility?.score),
    fcp: auditMs(audits, 'first-contentful-paint'),
    lcp: auditMs(audits, 'largest-contentful-paint'),
    tbt: auditMs(audits, 'total-blocking-time'),
    tti: auditMs(audits, 'interactive'),
    cls: audits?.['cumulative-layout-shift']?.numericValue ?? null,
  };
}

/** One line per page, as the benches print them while they run. */
export function figuresLine(row: PageFigures): string {
  const axe = `axe ${row.axe}${row.axe ? ` (${row.axeRules.join(', ')})` : ''}`;
  const api = row.slowestApi ? `slowest API ${row.slowestApi.ms} ms (${row.slowestApi.url})` : 'no API call';
  return `${row.path} (${row.preset}): ${row.scriptKb} KB JS (${row.scriptEncoding}, ${row.scripts} files), ${api}, ${axe}, Lighthouse performance ${row.performance} (FCP ${row.fcp} ms, LCP ${row.lcp} ms, TBT ${row.tbt} ms, TTI ${row.tti} ms, CLS ${row.cls?.toFixed(3)}), accessibility ${row.accessibility}`;
}

/** The figures as a Markdown table. */
export function figuresTable(figures: PageFigures[]): string {
  return [
    '| Page | Lighthouse preset | JS loaded (gzip) | Slowest API call | axe violations | Lighthouse performance | FCP / LCP / TBT | CLS | Lighthouse accessibility |',
    '| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |',
    ...figures.map(
      (row) =>
        `| ${row.path} | ${row.preset} | ${row.scriptKb} KB (${row.scripts} files) | ${row.slowestApi ? `${row.slowestApi.ms} ms \`${row.slowestApi.url}\`` : '–'} | ${row.axe}${row.axe ? ` (${row.axeRules.join(', ')})` : ''} | ${row.performance ?? '–'} | ${row.fcp ?? '–'} / ${row.lcp ?? '–'} / ${row.tbt ?? '–'} ms | ${row.cls?.toFixed(3) ?? '–'} | ${row.accessibility ?? '–'} |`,
    ),
  ].join('\n');
}
