import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from './support/ports.ts';

// The config is read again in each worker: the port and data dir chosen first are passed on by env.
process.env.E2E_PORT ??= String(await freePort());
// The relay and the inbound MX get free ports too, so two runs (or a developer's server) can coexist.
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_MX_PORT ??= String(await freePort());
process.env.E2E_SITES_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));
// Known to the tests, so they can open the operator's captured-mail link (its key derives from it).
process.env.E2E_SECRET ??= randomBytes(32).toString('base64url');
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const root = resolve(import.meta.dirname, '..');
// The server needs the project's Node 24 (type stripping), whichever Node started Playwright.
const projectNode = resolve(root, 'node_modules/.bin/node');
const node = existsSync(projectNode) ? projectNode : process.execPath;

export default defineConfig({
  testDir: './e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two spec files at a time: on 2 cores the whole stage took 8.6 min against 12.4 min with one
  // worker (every spec has its own accounts or its own server, so none waits on another's data).
  workers: Math.min(2, availableParallelism()),
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Shoelace skips its show/hide animations: axe never sees a dialog half faded in or out.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `"${node}" server/src/main.ts`,
    cwd: root,
    url: `${baseURL}/v1/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: process.env.E2E_PORT,
      SMTP_PORT: process.env.E2E_SMTP_PORT,
      MX_PORT: process.env.E2E_MX_PORT,
      SITES_PORT: process.env.E2E_SITES_PORT,
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      MAIL_MODE: 'capture',
      SECRET: process.env.E2E_SECRET,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
      // The spec's build (§1): the transactional console exactly. The full variant's specs start
      // servers of their own (support/engine-server.ts with APP_VARIANT=full).
      APP_VARIANT: 'smtp',
    },
  },
});
