/**
 * `npm run bench:console`: what each main console page costs a browser (page-figures.ts: JavaScript
 * loaded, the slowest API call, axe violations, Lighthouse scores), on the built console (dist/,
 * built first when missing) served by our server with a signed-in production account.
 * Results: tests/bench/results/console-pages.{md,json}. CHROME_PATH or /usr/bin/chromium.
 * `npm run bench:console-measure` measures /analytic and /activity on 100,000 seeded messages.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchAccount, nodeBinary, startOurServer } from './our-server.ts';
import {
  figuresLine,
  figuresTable,
  launchMeasuringBrowser,
  measurePage,
  type PageFigures,
  useSession,
} from './page-figures.ts';
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

  const browser = await launchMeasuringBrowser();
  const figures: PageFigures[] = [];
  try {
    for (const pathName of pages) {
      const signedIn = pathName !== '/login' && pathName !== '/signup';
      await useSession(browser.page, httpUrl, signedIn ? token : null);
      const row = await measurePage(browser, httpUrl, pathName, log);
      figures.push(row);
      log(figuresLine(row));
    }
  } finally {
    await browser.close();
    await started.server.stop();
    await runCleanups();
  }

  const resultsDir = path.join(root, 'tests', 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  const table = figuresTable(figures);
  await writeFile(
    path.join(resultsDir, 'console-pages.md'),
    `# Console pages\n\nCommand: \`npm run bench:console\` (${new Date().toISOString().slice(0, 10)}). Lighthouse desktop preset, simulated throttling, signed in as a production account.\n\n${table}\n`,
  );
  await writeFile(path.join(resultsDir, 'console-pages.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\n${table}`);
}

await main();
