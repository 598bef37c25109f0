import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createConfirmedAccount, signInToConsole } from './helpers.ts';

async function axeViolations(page: Page) {
  // label-content-name-mismatch (WCAG 2.5.3) is off by default in axe; the avatar button needs it.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

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
