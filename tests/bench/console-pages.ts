/**
 * `npm run bench:console`: what each main console page costs a browser, on the built console
 * (dist/, built first when missing) served by our server with a signed-in production account:
 *   - JavaScript loaded: the gzip bodies of every script the page fetched on a cold load;
 *   - axe violations (WCAG rules, as the e2e tests run them);
 *   - Lighthouse performance and accessibility scores (desktop preset, simulated throttling), in the
 *     same Chromium, signed in (Lighthouse keeps the profile's storage).
 * Results: tests/bench/results/console-pages.{md,json}. CHROME_PATH or /usr/bin/chromium.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import lighthouse from 'lighthouse';
import { chromium, type Page } from 'playwright-core';
import { freePort } from '../support/ports.ts';
import { benchAccount, nodeBinary, startOurServer } from './our-server.ts';
import { runCleanups, runCommand } from './processes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const log = (line: string) => console.log(line);

/** The pages a newcomer and a daily user open; each waits for its h1. */
const pages = process.env.BENCH_PAGES?.split(',') ?? [
  '/login',
  '/signup',
  '/analytic',
  '/configuration',
  '/activity',
  '/domain/sending',
  '/domain/add',
  '/api-key',
  '/api-key/create',
  '/subaccount',
  '/api-instruction',
  '/account-setting',
  '/welcome-to-production',
  '/contact-us',
];

interface PageFigures {
  path: string;
  scriptKb: number;
  scripts: number;
  axe: number;
  axeRules: string[];
  performance: number | null;
  accessibility: number | null;
  /** Lighthouse's first and largest contentful paint and total blocking time, ms. */
  fcp: number | null;
  lcp: number | null;
  tbt: number | null;
}

const auditMs = (audits: Record<string, { numericValue?: number }> | undefined, id: string) => {
  const value = audits?.[id]?.numericValue;
  return value === undefined ? null : Math.round(value);
};

async function scriptBytes(page: Page): Promise<{ bytes: number; count: number }> {
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) =>
        (entry as PerformanceResourceTiming).name.endsWith('.js'),
      ) as PerformanceResourceTiming[];
    return { bytes: scripts.reduce((sum, entry) => sum + entry.encodedBodySize, 0), count: scripts.length };
  });
}

async function signIn(httpUrl: string): Promise<string> {
  const signin = await fetch(`${httpUrl}/v1/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: benchAccount.email, password: benchAccount.password }),
  });
  const token = ((await signin.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  await fetch(`${httpUrl}/v1/checkToken-2FA`, { headers: auth });
  // Production pages need the profile completed and the welcome finished (§2 guards).
  await fetch(`${httpUrl}/v1/on-boarding/complete-profile`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      name: 'Bench',
      phone: '+62 811 000 111',
      industry: 'Software Company',
      country: 'Indonesia',
    }),
  });
  await fetch(`${httpUrl}/v1/on-boarding/finish-onboarding`, { method: 'POST', headers: auth, body: '{}' });
  return token;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) {
    log('building the console ...');
    await runCommand(nodeBinary(root), [path.join(root, 'scripts', 'build.ts')]);
  }
  const started = await startOurServer(root, undefined, log, { CONSOLE_DIR: path.join(root, 'dist') });
  if ('reason' in started) throw new Error(started.reason);
  const { httpUrl } = started.server;
  const token = await signIn(httpUrl);

  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
    viewport: { width: 1350, height: 940 },
  });
  const figures: PageFigures[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${httpUrl}/login`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('token2faStage', 'full');
    }, token);
    for (const pathName of pages) {
      const signedIn = pathName !== '/login' && pathName !== '/signup';
      if (!signedIn) await page.evaluate(() => localStorage.clear());
      else if (!(await page.evaluate(() => localStorage.getItem('token')))) {
        await page.evaluate((value) => {
          localStorage.setItem('token', value);
          localStorage.setItem('token2faStage', 'full');
        }, token);
      }
      await context.clearCookies();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`${httpUrl}${pathName}`, { waitUntil: 'networkidle' });
      await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      const scripts = await scriptBytes(page);
      const axe = await new AxeBuilder({ page }).analyze();
      const report = await lighthouse(`${httpUrl}${pathName}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
        formFactor: 'desktop',
        screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
        throttlingMethod: 'simulate',
      });
      const categories = report?.lhr.categories;
      if (report?.lhr.runtimeError)
        log(
          `${pathName}: Lighthouse could not measure: ${report.lhr.runtimeError.code} ${report.lhr.runtimeError.message}`,
        );
      const audits = report?.lhr.audits;
      const row: PageFigures = {
        path: pathName,
        scriptKb: Math.round((scripts.bytes / 1024) * 10) / 10,
        scripts: scripts.count,
        axe: axe.violations.length,
        axeRules: axe.violations.map((violation) => violation.id),
        performance:
          categories?.performance?.score == null ? null : Math.round(categories.performance.score * 100),
        accessibility:
          categories?.accessibility?.score == null ? null : Math.round(categories.accessibility.score * 100),
        fcp: auditMs(audits, 'first-contentful-paint'),
        lcp: auditMs(audits, 'largest-contentful-paint'),
        tbt: auditMs(audits, 'total-blocking-time'),
      };
      figures.push(row);
      log(
        `${row.path}: ${row.scriptKb} KB JS (gzip, ${row.scripts} files), axe ${row.axe}${row.axe ? ` (${row.axeRules.join(', ')})` : ''}, Lighthouse performance ${row.performance} (FCP ${row.fcp} ms, LCP ${row.lcp} ms, TBT ${row.tbt} ms), accessibility ${row.accessibility}`,
      );
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await started.server.stop();
    await runCleanups();
  }

  const resultsDir = path.join(root, 'tests', 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const table = [
    '| Page | JS loaded (gzip) | axe violations | Lighthouse performance | FCP / LCP / TBT | Lighthouse accessibility |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...figures.map(
      (row) =>
        `| ${row.path} | ${row.scriptKb} KB (${row.scripts} files) | ${row.axe}${row.axe ? ` (${row.axeRules.join(', ')})` : ''} | ${row.performance ?? '–'} | ${row.fcp ?? '–'} / ${row.lcp ?? '–'} / ${row.tbt ?? '–'} ms | ${row.accessibility ?? '–'} |`,
    ),
  ].join('\n');
  await writeFile(
    path.join(resultsDir, 'console-pages.md'),
    `# Console pages\n\nCommand: \`npm run bench:console\` (${new Date().toISOString().slice(0, 10)}). Lighthouse desktop preset, simulated throttling, signed in as a production account.\n\n${table}\n`,
  );
  await writeFile(path.join(resultsDir, 'console-pages.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\n${table}`);
}

await main();
