import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { capturedMailKey } from '../../server/src/accounts/captured-mail/operator-key.ts';

/** The operator's captured-mail link, as the server prints it at start. */
export function operatorMailLink(): string {
  return `/captured-mail?key=${capturedMailKey(process.env.E2E_SECRET ?? '')}`;
}

/** Opens the operator's captured-mail link, opens the newest mail to `to` and returns its text body. */
export async function readCapturedMail(page: Page, to: string, subject: RegExp): Promise<string> {
  await page.goto(operatorMailLink());
  const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
  await row.getByRole('button').click();
  const text = await page.getByRole('article', { name: 'Message' }).locator('pre').textContent();
  return text ?? '';
}

export function linkIn(text: string, path: string): string {
  const match = text.match(new RegExp(`https?://\\S+${path}\\?\\S+`));
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  return match[0];
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A TOTP code from a period the server has not seen yet (codes are single use per period). */
export async function freshTotpCode(secret: string, notInPeriodOf: number | null): Promise<string> {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  while (notInPeriodOf !== null && Math.floor(Date.now() / 30_000) === Math.floor(notInPeriodOf / 30_000)) {
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return totp.generate();
}

/** The console's home (/analytic) inside the shell: its heading, the getting-started checklist and the menu. */
export async function expectConsoleHome(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Analytic', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Getting started' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/** The text body of the newest captured mail to `to` whose subject matches, read through the API with the operator key. */
export async function capturedMailText(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<string> {
  const key = capturedMailKey(process.env.E2E_SECRET ?? '');
  const list = await (await request.get(`/v1/captured-mail?size=100&key=${key}`)).json();
  const mail = list.data.items.find(
    (item: { to: string; subject: string }) => item.to === to && subject.test(item.subject),
  );
  if (!mail) throw new Error(`no captured mail to ${to} matching ${subject}`);
  const body = await (await request.get(`/v1/captured-mail/${mail.id}?key=${key}`)).json();
  return body.data.text;
}

/** A confirmed account made through the public API (sign-up, then the link of the confirmation mail). */
export async function createConfirmedAccount(
  request: APIRequestContext,
  label: string,
): Promise<{ email: string; password: string }> {
  const email = `${label}-${Date.now()}@example.com`;
  const password = 'Confirmed-pass1';
  await request.post('/v1/register', {
    data: { email, password, company: `${label} Co`, phone: '+62 811 000 111' },
  });
  const link = new URL(linkIn(await capturedMailText(request, email, /confirm/i), '/validate'));
  await request.post('/v1/validate', { data: { token: link.searchParams.get('token') } });
  return { email, password };
}

/** Signs in through the login page and waits for the console. */
export async function signInToConsole(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

const projectRoot = resolve(import.meta.dirname, '../..');
const projectNode = existsSync(resolve(projectRoot, 'node_modules/.bin/node'))
  ? resolve(projectRoot, 'node_modules/.bin/node')
  : process.execPath;

/** axe's violations on the page as it is, as rule and element list (empty when clean). */
export async function axeViolations(page: Page) {
  // label-content-name-mismatch (WCAG 2.5.3) is off by default in axe; the avatar button needs it.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Runs an operator command (npm run admin) against the e2e server, through its DATA_DIR. */
export function runAdmin(...args: string[]): string {
  return runAdminIn(process.env.E2E_DATA_DIR ?? '', ...args);
}

/** Runs an operator command against the server whose DATA_DIR is `dataDir` (an engine server's). */
export function runAdminIn(dataDir: string, ...args: string[]): string {
  return execFileSync(projectNode, ['server/src/cli/admin.ts', ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SECRET: process.env.E2E_SECRET,
      LOG_LEVEL: 'warn',
    },
    encoding: 'utf8',
  });
}

/** Full-page screenshots at the desktop width and the §9 mobile breakpoint (tests/test-results, not committed). */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 767]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tests/test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Picks an option of a labelled select (the kit's SelectField, a native select) inside `scope`. */
export async function choose(scope: Page | Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).selectOption({ label: option });
}

/**
 * Confirms the open Export dialog, waits for the §8 export notice, then downloads the
 * file from the header's notification saying `ready`: its text.
 */
export async function exportFromNotification(page: Page, ready: string): Promise<string> {
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Export' }).click();
  await expect(
    page.getByText('Your export is being processed, you will get a notification when it is ready'),
  ).toBeVisible();
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await bell.click();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await expect(notifications).toContainText(ready);
  const exporting = page.waitForEvent('download');
  await notifications.getByRole('button', { name: 'Download' }).click();
  return readFile((await (await exporting).path()) ?? '', 'utf8');
}
