import { expect, test } from '@playwright/test';
import { createConfirmedAccount, signInToConsole } from './helpers.ts';

test('sign-up explains a too long address in words, not zod text', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Work email').fill(`${'a'.repeat(250)}@example.com`);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Use at most 254 characters')).toBeVisible();
  await expect(page.getByText(/Too big|expected string/)).toHaveCount(0);
  await page.screenshot({ path: 'tests/test-results/signup-too-long.png' });
});

test('a wrong current password is named for people, not as "The oldPassword is Invalid"', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'validation');
  await signInToConsole(page, email, password);
  await page.goto('/account-setting');
  await page.getByLabel('Current password', { exact: true }).fill('Not-the-password1');
  await page.getByLabel('New password', { exact: true }).fill('Another-pass123');
  const confirmation = page.getByLabel(/confirm/i);
  if ((await confirmation.count()) > 0) await confirmation.fill('Another-pass123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password incorrect')).toBeVisible();
  await expect(page.getByText(/oldPassword/)).toHaveCount(0);
});
