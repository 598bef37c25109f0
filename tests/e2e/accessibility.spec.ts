import { expect, test } from '@playwright/test';
import { axeViolations, createConfirmedAccount, signInToConsole } from './helpers.ts';

for (const path of ['/login', '/signup']) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('a signed-in console page has no axe violations', async ({ page, request }) => {
  const { email, password } = await createConfirmedAccount(request, 'axe');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
