import { type APIRequestContext, expect, type Page } from '@playwright/test';
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

export async function expectConsoleArea(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText('This area is not available yet.')).toBeVisible();
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
