import { expect, test } from '@playwright/test';
import { expectConsoleHome, freshTotpCode, linkIn, readCapturedMail, signIn } from './helpers.ts';

const email = `newcomer-${Date.now()}@example.com`;
const password = 'Sup3r-secret-pass';

test('a newcomer signs up, confirms, signs in with a second factor and signs out', async ({ page }) => {
  // Every page of the journey runs under the server's Content-Security-Policy without a violation.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  // A visitor without a session is sent to the login page, keeping where they wanted to go.
  await page.goto('/analytic');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fanalytic$/);
  await expect(page).toHaveTitle(/ - Login$/);

  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Company').fill('Newcomer Ltd');
  await page.getByLabel('Phone').fill('+62 812 555 0100');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();

  // Signing in before confirming is refused with a clear message.
  await signIn(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: /confirm|validat|verif/i })).toBeVisible();

  const confirmation = await readCapturedMail(page, email, /confirm/i);
  await page.goto(linkIn(confirmation, '/validate'));
  await expect(page.getByText('is confirmed')).toBeVisible();

  // Wrong password first, then the right one.
  await signIn(page, email, 'not-the-password1');
  await expect(page.getByText('Email address or password is incorrect')).toBeVisible();
  await signIn(page, email, password);
  await expectConsoleHome(page);
  await expect(page).toHaveTitle(/ - Analytic$/);

  // A new user accepts the current policy version once.
  await expect(page.getByText('accept our terms and privacy policy, version 2.0.0')).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('accept our terms and privacy policy')).toBeHidden();
  await page.reload();
  await expectConsoleHome(page);
  await expect(page.getByText('accept our terms and privacy policy')).toBeHidden();

  // A sandbox company reaching a production-only screen is sent to the switch screen.
  await page.goto('/api-key');
  await expect(page).toHaveURL(/\/switch-to-production-environment\?to=%2Fapi-key$/);

  // Logged-in users are sent away from login.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/analytic$/);

  // Turn on two-factor authentication.
  await page.getByRole('link', { name: 'Account Setting' }).click();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const enabledAt = Date.now();
  await page.getByLabel('Code from the app').fill(await freshTotpCode(secret, null));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication is on.')).toBeVisible();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  const recoveryCode =
    (await page.getByTestId('recovery-codes').getByRole('listitem').first().textContent()) ?? '';
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

  // Sign out from the user menu.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/analytic');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fanalytic$/);

  // Sign in again: the second-factor step comes first.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/two-factor/);
  await page.goto('/activity');
  await expect(page).toHaveURL(/\/two-factor\?redirect=%2Factivity$/);
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /code/i })).toBeVisible();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(secret, enabledAt));
  await page.getByRole('button', { name: 'Verify' }).click();
  // /activity is the sandbox inbox for a company in the sandbox.
  await expect(page.getByRole('heading', { name: 'Activity', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sandbox inbox', exact: true })).toBeVisible();

  // Not-found and error pages.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not available...' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home page' })).toHaveAttribute('href', '/analytic');
  await page.goto('/error');
  await expect(
    page.getByRole('heading', {
      name: 'Wait a minute, our team is working on this issue. In the meantime, maybe you can try something else',
    }),
  ).toBeVisible();
  await page.goto('/no-such-page?to=%2Fusage-monitoring');
  await expect(page).toHaveURL(/\/usage-monitoring$/);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/activity');
  await expect(page).toHaveURL(/\/login\?redirect=%2Factivity$/);

  // A lost phone: a recovery code opens the second-factor step once.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/two-factor/);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectConsoleHome(page);

  // Signed in, the captured-mail viewer shows only the mail sent to this address.
  await page.goto('/captured-mail');
  await expect(page.getByText('You see the mail sent to your own address.')).toBeVisible();
  const recipients = await page.getByRole('row').locator('td:nth-child(2)').allTextContents();
  expect(new Set(recipients)).toEqual(new Set([email]));
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  // Without a session or the operator link, captured mail shows nobody's mail.
  await page.goto('/captured-mail');
  await expect(page.getByText('Captured mail is private.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.goto('/api/docs/');
  // The reference renders the whole OpenAPI document in the browser: on a loaded 2-core CI machine it
  // once took more than 10 s (the heading was there when the run failed).
  await expect(page.getByText('Mail Platform API').first()).toBeVisible({ timeout: 30_000 });
  expect(violations).toEqual([]);
});
