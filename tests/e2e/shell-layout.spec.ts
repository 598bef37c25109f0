import { expect, test } from '@playwright/test';
import { createConfirmedAccount, signIn, signInToConsole } from './helpers.ts';

test('favicon.ico is served', async ({ request, page }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  await page.goto('/login');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
});

test('collapsing the sidebar on desktop gives the page the whole width', async ({ page, request }) => {
  const { email, password } = await createConfirmedAccount(request, 'sidebar');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInToConsole(page, email, password);
  const main = page.locator('#app-main');
  const open = await main.boundingBox();
  expect(open?.width).toBeGreaterThan(900);
  // The header keeps its own height whatever banners show above it (policy banner here).
  await expect(page.getByText('accept our terms and privacy policy')).toBeVisible();
  expect((await page.locator('.shell-header').boundingBox())?.height).toBeLessThan(80);
  await page.screenshot({ path: 'tests/test-results/sidebar-open.png' });

  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect.poll(async () => (await main.boundingBox())?.width).toBe(1280);
  await page.screenshot({ path: 'tests/test-results/sidebar-collapsed.png' });

  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect((await main.boundingBox())?.width).toBe(open?.width);
});

test('the not-found page links only to pages that exist', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not available...' })).toBeVisible();
  await page.screenshot({ path: 'tests/test-results/not-found.png' });
  const hrefs = await page
    .locator('.shell-links a')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).getAttribute('href') ?? ''));
  expect(hrefs).toEqual(['/contact-us', '/signup', '/api/docs']);
  // /contact-us is a console route (behind the login); the others answer a page of their own.
  for (const href of ['/signup', '/api/docs']) expect((await request.get(href)).status()).toBe(200);
  await page.getByRole('link', { name: 'Email API' }).click();
  await expect(page).toHaveURL(/\/api\/docs/);
});

test('on a phone the menu opens below the header and closes again', async ({ page, request }) => {
  const { email, password } = await createConfirmedAccount(request, 'phone-menu');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email, password);
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu).toBeVisible();
  const header = await page.locator('.shell-header').boundingBox();
  const opened = await menu.boundingBox();
  expect(opened?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
  await page.screenshot({ path: 'tests/test-results/phone-menu.png' });
  await page.getByRole('button', { name: 'Toggle menu' }).click();
  await expect(menu).toBeHidden();
});
