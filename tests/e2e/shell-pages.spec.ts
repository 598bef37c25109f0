import { expect, test } from '@playwright/test';

test('a browser without usable local storage gets the unsupported-browser page', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Your browser is not supported' })).toBeVisible();
  await expect(page.getByText('local storage', { exact: false })).toBeVisible();
});

test('a micro-app that fails to load reloads the page once, then shows the routing error', async ({
  page,
}) => {
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  await page.route('**/modules/mf-account/mf-account.js', (route) => route.abort());
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Routing error occurred' })).toBeVisible();
  expect(loads).toBe(2);
});

test('the loading screen says "Loading ..." until the shell starts', async ({ page }) => {
  await page.route('**/modules/root-config/root-config.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByText('Loading ...')).toBeVisible();
  await expect(page.getByRole('heading', { name: /sign in|welcome/i })).toBeVisible();
});

test('/page/loading sends a visitor without a session to the login page', async ({ page }) => {
  await page.goto('/page/loading');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
