/**
 * `npm run bench:console-measure [-- --messages 100000]`: /analytic, /activity and /configuration
 * signed in to a company with that many messages seeded through the real engine (tests/seed:
 * deliveries, bounces, delays, opens, clicks), and /login signed out, measured as page-figures.ts
 * does with Lighthouse's desktop and mobile presets: JavaScript loaded (gzip), Lighthouse's paints
 * (FCP, LCP), TBT and scores, the slowest API call of the load, axe violations. The console comes
 * from dist/ (built first when missing). `--database-url` (or SEED_DATABASE_URL): on a fresh
 * PostgreSQL database made on that server, else PGlite. `--runs 3` (default): each page and preset
 * is measured that many times and the run of median Lighthouse performance is kept. Results:
 * tests/bench/results/console-measure.json, and a table.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { request } from '@playwright/test';
import { seedMessages } from '../seed/seed.ts';
import { startSeedServer, stopOnSignal } from '../seed/seed-server.ts';
import { nodeBinary } from './our-server.ts';
import {
  figuresLine,
  figuresTable,
  type LighthousePreset,
  launchMeasuringBrowser,
  measurePage,
  type PageFigures,
  useSession,
} from './page-figures.ts';
import { runCommand } from './processes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const log = (line: string) => console.log(line);
/** The pages measured, and whether signed in (/login is a guest page: a session is sent away from it). */
const pages = [
  { path: '/analytic', signedIn: true },
  { path: '/activity', signedIn: true },
  { path: '/configuration', signedIn: true },
  { path: '/login', signedIn: false },
];
const presets: LighthousePreset[] = ['desktop', 'mobile'];

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    'database-url': { type: 'string', default: process.env.SEED_DATABASE_URL },
  },
});
const messages = Number(values.messages);
if (!Number.isInteger(messages) || messages < 1) throw new Error('--messages: a whole number, at least 1');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs: a whole number, at least 1');

/** The run of median Lighthouse performance: one noisy run (a busy machine) does not make the figure. */
function medianRun(rows: PageFigures[]): PageFigures {
  const sorted = [...rows].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)] as PageFigures;
}

if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  log('building the console ...');
  await runCommand(nodeBinary(root), [path.join(root, 'scripts', 'build.ts')]);
}
const databaseUrl = values['database-url'];
const server = await startSeedServer({ databaseUrl });
const api = await request.newContext({ baseURL: server.engine.baseURL, timeout: 300_000 });
stopOnSignal(() => server.stop());
const figures: PageFigures[] = [];
const allRuns: Record<string, PageFigures[]> = {};
let seeded: Awaited<ReturnType<typeof seedMessages>>;
try {
  seeded = await seedMessages(server, api, { messages, log });
  const browser = await launchMeasuringBrowser();
  try {
    for (const { path: pathName, signedIn } of pages) {
      await useSession(browser.page, server.engine.baseURL, signedIn ? seeded.account.token : null);
      for (const preset of presets) {
        const rows: PageFigures[] = [];
        for (let run = 0; run < runs; run += 1) {
          const row = await measurePage(browser, server.engine.baseURL, pathName, log, preset);
          rows.push(row);
          log(figuresLine(row));
        }
        allRuns[`${pathName} ${preset}`] = rows;
        figures.push(medianRun(rows));
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await api.dispose();
  await server.stop();
}

const resultsDir = path.join(root, 'tests', 'bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'console-measure.json'),
  `${JSON.stringify(
    {
      command: `npm run bench:console-measure -- --messages ${messages}`,
      date: new Date().toISOString(),
      seed: {
        messages,
        database: databaseUrl ? 'PostgreSQL' : 'PGlite',
        metrics: seeded.metrics,
        seconds: seeded.seconds,
        engagement: seeded.engagement,
      },
      lighthouse: `Lighthouse's desktop and mobile presets, simulated throttling, signed in as the seeded production company (/login signed out); each page and preset loaded ${runs} times cold, the run of median performance kept (every run under runs)`,
      pages: figures,
      runs: Object.fromEntries(
        Object.entries(allRuns).map(([pageAndPreset, rows]) => [
          pageAndPreset,
          rows.map(({ performance, fcp, lcp, tbt, cls, slowestApi }) => ({
            performance,
            fcp,
            lcp,
            tbt,
            cls,
            slowestApi,
          })),
        ]),
      ),
    },
    null,
    2,
  )}\n`,
);
log(`\n${messages.toLocaleString('en')} messages seeded\n\n${figuresTable(figures)}`);
