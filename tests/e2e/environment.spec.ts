import { expect, type Page, test } from '@playwright/test';
import {
  axeViolations,
  choose,
  createConfirmedAccount,
  readCapturedMail,
  screenshots,
  signInToConsole,
} from './helpers.ts';

// The e2e server sets neither SUPPORT_EMAIL nor MAIL_FROM: contact-us mail goes to no-reply@<host>.
const operatorAddress = 'no-reply@127.0.0.1';

/** Screenshots at 1280 and 767 px, then axe at 1280. */
async function check(page: Page, name: string) {
  await screenshots(page, `environment-${name}`);
  expect(await axeViolations(page)).toEqual([]);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('sandbox to production and back, contact us and the survey', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email, password } = await createConfirmedAccount(request, 'environment');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();

  // The first page of a sandbox account.
  await page.goto('/welcome');
  await expect(heading(page, 'Welcome')).toBeVisible();
  await expect(page.getByText('You are in the sandbox.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What to do first' })).toBeVisible();
  await check(page, 'welcome');

  // The survey: refused empty, then answered; the welcome was seen, so it goes on to /configuration.
  await page.goto('/survey');
  await expect(heading(page, 'Survey')).toBeVisible();
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page.getByText('Choose your role')).toBeVisible();
  await expect(page.getByText('Choose at least one kind of email')).toBeVisible();
  await check(page, 'survey');
  await choose(page, 'What is your role?', 'Developer');
  await choose(page, 'How many emails will you send a month?', '10,000 to 100,000 emails');
  // The checkbox host spans the row: click its box, at the start of the line.
  await page
    .locator('sl-checkbox', { hasText: 'Transactional notifications' })
    .click({ position: { x: 8, y: 11 } });
  await expect(page.getByRole('checkbox', { name: 'Transactional notifications' })).toBeChecked();
  await choose(page, 'How did you hear of us?', 'Search engine');
  await page.getByRole('button', { name: 'Send answers' }).click();
  await expect(page).toHaveURL(/\/configuration$/);
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'What to do first' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Help us help you' })).toBeHidden();

  // Switching before the profile is complete: the server's reason and a way back.
  await page.goto('/preparing-production-environment');
  await expect(page.getByText('Complete the company profile before switching to production')).toBeVisible();
  await expect(page.getByText('You are still in the sandbox.')).toBeVisible();
  await check(page, 'preparing-refused');

  // A production route in the sandbox lands on the switch page, which names the area and what unlocks it.
  await page.goto('/domain/sending');
  await expect(page).toHaveURL(/\/switch-to-production-environment\?to=%2Fdomain%2Fsending$/);
  await expect(heading(page, 'Switch to Production Environment')).toBeVisible();
  await expect(page.getByText('Sending Domain is part of the production environment.')).toBeVisible();
  await expect(page.getByText('Company profile completed')).toBeVisible();
  await expect(page.getByText('Production welcome finished')).toBeVisible();
  const switchNow = page.getByRole('button', { name: 'Switch to production now' });
  await expect(switchNow).toBeDisabled();
  await check(page, 'switch-to-production');

  // Step 1: the profile, refused without an industry.
  const profile = page.getByRole('form', { name: 'Company profile' });
  await profile.getByLabel('Company name').fill('Environment Test Ltd');
  await profile.getByLabel('Company phone').fill('+62 21 555 0199');
  await profile.getByRole('button', { name: 'Save company profile' }).click();
  await expect(page.getByText('Choose one of the listed industries')).toBeVisible();
  await choose(page, 'Industry', 'Software Company');
  await choose(page, 'Country', 'Indonesia');
  await profile.getByRole('button', { name: 'Save company profile' }).click();
  await expect(page.getByRole('definition').filter({ hasText: 'Software Company' })).toBeVisible();

  // Step 2: the welcome; then the switch goes through the preparing page to where the user wanted to go.
  await page.getByRole('button', { name: 'Finish the welcome' }).click();
  await expect(page.getByText('Everything is ready')).toBeVisible();
  await check(page, 'switch-to-production-ready');
  await switchNow.click();
  await expect(page).toHaveURL(/\/domain\/sending$/);
  await expect(heading(page, 'Sending Domain')).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Production environment: switch to the sandbox' }),
  ).toBeVisible();

  // In production: the welcome page says it is ready and offers the first steps.
  await page.goto('/welcome-to-production');
  await expect(page.getByText('Your production environment is ready.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a sending domain' })).toBeVisible();
  await check(page, 'welcome-to-production');

  // The API instruction with this server's values.
  await page.goto('/api-instruction');
  await expect(heading(page, 'API Instruction')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Base URL' })).toHaveValue(
    /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/,
  );
  await expect(page.getByRole('textbox', { name: 'Host' })).toHaveValue('127.0.0.1');
  await expect(page.getByRole('textbox', { name: 'User name' })).toHaveValue('SMTP_Injection');
  await expect(page.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute(
    'href',
    '/api/docs/',
  );
  await check(page, 'api-instruction');

  // Back to the sandbox from the environment badge.
  await page.getByRole('link', { name: 'Production environment: switch to the sandbox' }).click();
  await expect(heading(page, 'Switch to Sandbox Environment')).toBeVisible();
  await expect(page.getByText('What the sandbox offers')).toBeVisible();
  await check(page, 'switch-to-sandbox');
  await page.getByRole('link', { name: 'Switch to the sandbox now' }).click();
  await expect(page).toHaveURL(/\/configuration$/);
  await expect(page.getByRole('link', { name: 'Sandbox environment: switch to production' })).toBeVisible();

  // The production request keeps its details and shows the status.
  await page.goto('/request-production-environment');
  await expect(page.getByText('Not requested')).toBeVisible();
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText('Choose the expected monthly volume')).toBeVisible();
  await page.getByLabel('Why do you need production?').fill('Receipts and password resets for our shop.');
  await choose(page, 'Expected monthly volume', 'Under 10,000 emails');
  await choose(page, 'Use case', 'Transactional notifications');
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText('Your request is sent. Status: Requested.')).toBeVisible();
  await check(page, 'request-production');

  // Contact us, prefilled from the account, really mailed to the operator.
  await page.goto('/contact-us');
  const contact = page.getByRole('form', { name: 'Contact us' });
  await expect(contact.getByLabel('Email')).toHaveValue(email);
  await expect(contact.getByLabel('Company')).toHaveValue('Environment Test Ltd');
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Write at least 10 characters')).toBeVisible();
  const message = `Please call us about dedicated IPs (${Date.now()}).`;
  await contact.getByLabel('Name').fill('Rina Wijaya');
  await contact.getByLabel('Message').fill(message);
  await contact.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Your message is sent.')).toBeVisible();
  await expect(page.getByRole('table', { name: "Your company's messages" })).toContainText('Rina Wijaya');
  await check(page, 'contact-us');

  const mail = await readCapturedMail(page, operatorAddress, /Contact us: Rina Wijaya/);
  expect(mail).toContain(message);
  expect(mail).toContain(`Email: ${email}`);
});
