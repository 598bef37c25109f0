import { expect, type Page, test } from '@playwright/test';
import { axeViolations, createConfirmedAccount, runAdmin, signInToConsole } from './helpers.ts';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 767]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `tests/test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('after sign-in the home page shows where the user is and the next step, and tours the console', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'home');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/analytic$/);

  const checklist = page.locator('#getting-started');
  await expect(checklist.getByText('0 of 6 done')).toBeVisible();
  await expect(checklist.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'You are in the sandbox' })).toBeVisible();
  // The first step to do is the highlighted one, and it leads where it is done.
  await expect(checklist.getByRole('listitem').first()).toContainText('Verify an authorized recipient');
  await expect(page.getByRole('link', { name: 'Add a recipient' })).toHaveAttribute('href', '/configuration');
  // In the sandbox the menu says which areas open only in production.
  await expect(page.getByRole('link', { name: /API Keys/ })).toContainText('Production');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'home');

  await page.getByRole('button', { name: 'Take the tour' }).click();
  const card = page.getByRole('dialog', { name: 'Everything is in the menu' });
  await expect(card).toBeFocused();
  await expect(card).toContainText('Step 1 of 4');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Sandbox or production' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Your account' })).toBeVisible();
  await page.screenshot({ path: 'tests/test-results/home-tour-1280.png' });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/** §6: what the menu keeps for each restricted profile (routes: root-config/src/shell/menu.test.ts). */
const menuByProfile: Record<string, string[]> = {
  A: [
    'Analytic',
    'Activity',
    'Preset',
    'Configuration',
    'Templates',
    'Suppression List',
    'Email Validation',
    'API Instruction',
    'Sending Domains',
    'Bounce Domains',
    'Tracking Domains',
    'Webhooks',
    'IP Pools',
    'API Keys',
    'Usage Monitoring',
    'Account Setting',
    'Contact Us',
  ],
  B: [
    'Analytic',
    'Activity',
    'Preset',
    'Configuration',
    'Templates',
    'Suppression List',
    'Email Validation',
    'API Instruction',
    'Sending Domains',
    'Bounce Domains',
    'Tracking Domains',
    'Webhooks',
    'IP Pools',
    'Subaccounts',
    'API Keys',
    'Account Setting',
    'Contact Us',
  ],
  C: ['Analytic', 'Activity', 'Usage Monitoring', 'Account Setting'],
  D: ['Analytic', 'Activity', 'Usage Monitoring'],
  E: [
    'Analytic',
    'Activity',
    'Preset',
    'Configuration',
    'Templates',
    'Suppression List',
    'API Instruction',
    'Sending Domains',
    'Webhooks',
    'IP Pools',
    'Subaccounts',
    'API Keys',
    'Usage Monitoring',
  ],
  F: ['Analytic', 'Activity', 'Preset'],
};

test('each restricted profile hides what §6 says in the menu, the header and the routes', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'profiles');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const [profile, items] of Object.entries(menuByProfile)) {
    runAdmin('set-console-profile', '--email', email, '--profile', profile);
    await page.goto('/analytic');
    await expect(menu.getByRole('link'), `profile ${profile}`).toHaveText(
      items.map((item) => new RegExp(`^${item}`)),
    );
    // Profiles without the environment flag show no environment badge (A and E).
    await expect(page.locator('.shell-env')).toHaveCount(profile === 'A' || profile === 'E' ? 0 : 1);
    if (profile === 'C') {
      // The routes themselves are closed too, not only their menu items.
      await page.goto('/configuration');
      await expect(
        page.getByRole('heading', { name: 'Configuration is not part of your console' }),
      ).toBeVisible();
      await page.goto('/contact-us');
      await expect(
        page.getByRole('heading', { name: 'Contact Us is not part of your console' }),
      ).toBeVisible();
    }
  }
  await page.goto('/usage-monitoring');
  await expect(
    page.getByRole('heading', { name: 'Usage Monitoring is not part of your console' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Account Setting' })).toHaveCount(0);

  // Lifting the profile gives the whole console back.
  runAdmin('set-console-profile', '--email', email, '--profile', 'none');
  await page.goto('/configuration');
  await expect(page.getByRole('heading', { name: 'Configuration is not part of your console' })).toHaveCount(
    0,
  );
  await expect(menu.getByRole('link', { name: 'Configuration' })).toBeVisible();
});

test('the smtp variant (the spec build) has no marketing: no marketing menu item, its routes are not found', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'smtp-variant');
  await signInToConsole(page, email, password);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Analytic', exact: true })).toBeVisible();
  for (const label of ['Home', 'Contact Book', 'Add Contact', 'File Manager', 'Manage Sender']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toHaveCount(0);
  }
  for (const path of ['/dashboard', '/contact', '/file-manager', '/sender']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: /^Page not available/ })).toBeVisible();
  }
});
