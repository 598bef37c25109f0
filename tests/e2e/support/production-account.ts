import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createConfirmedAccount, signInToConsole } from '../helpers.ts';

/**
 * A fresh account signed in to the console and moved to production through the console's own calls
 * (production routes need a complete profile, the production welcome and the production environment).
 */
export async function productionAccount(
  page: Page,
  request: APIRequestContext,
  prefix: string,
  companyName: string,
): Promise<void> {
  const { email, password } = await createConfirmedAccount(request, prefix);
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await moveToProduction(request, token ?? '', companyName);
}

/**
 * The console's calls that open production for a signed-in account (its session `token`): the
 * company profile, the production welcome, the switch to the production environment.
 */
export async function moveToProduction(
  request: APIRequestContext,
  token: string,
  companyName: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const profile = await request.post('/v1/on-boarding/complete-profile', {
    headers,
    data: { name: companyName, phone: '+62 811 000 111', industry: 'Agency', country: 'Indonesia' },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const welcomed = await request.post('/v1/on-boarding/finish-onboarding', { headers, data: {} });
  expect(welcomed.ok(), await welcomed.text()).toBe(true);
  const switched = await request.post('/v1/on-boarding/switch-environment', {
    headers,
    data: { environment: 'production' },
  });
  expect(switched.ok(), await switched.text()).toBe(true);
}
