import { expect, test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { startWebhookReceiver, type WebhookReceiver } from '../../server/src/testing/webhook-receiver.ts';
import { axeViolations, choose, runAdmin, screenshots } from './helpers.ts';
import { productionSender, sendMail, signedInEmail } from './support/mail-flow.ts';
import { productionAccount } from './support/production-account.ts';

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
test.afterAll(async () => {
  await receiver.close();
});

/** The batches of real events the receiver got (not the test batches `[{"msys":{}}]`). */
const eventBatches = () => receiver.posts.filter((post) => post.body.includes('message_event'));

test('webhooks: create with events and basic auth, test batch, signing secret, batch history, edit, delete', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await productionAccount(page, request, 'hooks', 'Hooks Co');

  // The empty list says what a webhook is for.
  await page.goto('/webhook');
  await expect(page.getByRole('heading', { name: 'Webhook', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Create webhook' }).click();
  await expect(page.getByRole('heading', { name: 'Create Webhook', exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Message event' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Mistakes are named next to their fields before anything is sent.
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Enter a name for the webhook')).toBeVisible();
  await expect(page.getByText('Enter the URL that receives the events')).toBeVisible();
  await expect(page.getByText('Choose at least one event')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Order updates');
  await page.getByLabel('Target URL').fill(`${receiver.url}/hooks`);
  await page.getByRole('button', { name: 'Choose all events' }).click();
  await choose(page, 'Authentication', 'Basic authentication (username and password)');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByText('Enter the username')).toBeVisible();
  await page.getByLabel('Username').fill('hookuser');
  await page.getByLabel('Password', { exact: true }).fill('hook-pass');

  // A receiver that refuses the test batch: its answer is shown and nothing is created.
  receiver.respond(() => ({ status: 503, body: 'not ready yet' }));
  await page.getByRole('button', { name: 'Create webhook' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Your endpoint answered the test batch' });
  await expect(refused).toContainText('503');
  await expect(refused).toContainText('not ready yet');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Order updates');
  await screenshots(page, 'webhooks-create-refused');

  // Accepted: the webhook exists, with basic auth on every POST.
  receiver.respond(() => ({ status: 200, body: { received: true } }));
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook Detail', exact: true })).toBeVisible();
  const settings = page.getByRole('region', { name: 'Settings' });
  await expect(settings).toContainText(`${receiver.url}/hooks`);
  await expect(settings).toContainText('Basic authentication as hookuser');
  const testPost = receiver.posts.at(-1);
  expect(testPost?.headers.authorization).toBe(
    `Basic ${Buffer.from('hookuser:hook-pass').toString('base64')}`,
  );

  // The signing secret, revealed on demand, verifies what the receiver got.
  await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Reveal signing secret' }).click();
  const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [
      name,
      String(testPost?.headers[name]),
    ]),
  );
  expect(new Webhook(secret).verify(testPost?.body ?? '', headers)).toEqual([{ msys: {} }]);

  // A test batch on demand shows the receiver's status and body.
  await page.getByRole('button', { name: 'Send a test batch' }).click();
  const accepted = page
    .getByRole('region', { name: 'Test batch' })
    .getByRole('status')
    .filter({ hasText: 'Your endpoint accepted the test batch' });
  await expect(accepted).toContainText('200');
  await expect(accepted).toContainText('{"received":true}');
  await expect(page.getByRole('heading', { name: 'No batches in the last 24 hours' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Mail flows: its events arrive in batches, listed in the history.
  const email = await signedInEmail(page, request);
  const key = productionSender(email, 'hooks-shop.example');
  await sendMail(request, key, 'orders@hooks-shop.example', ['one@mail.example', 'two@mail.example']);
  await expect.poll(() => eventBatches().length, { timeout: 60_000 }).toBeGreaterThan(0);
  const history = page.getByRole('table', { name: 'Batches of the last 24 hours' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(history.getByRole('row').nth(1)).toContainText('Delivered', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // A receiver failing: the batch is shown retrying, with its answer and the next attempt.
  receiver.respond(() => ({ status: 500, body: 'down' }));
  await sendMail(request, key, 'orders@hooks-shop.example', ['three@mail.example']);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(history.getByRole('row').nth(1)).toContainText('Retrying', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(history.getByRole('row').nth(1)).toContainText('Your endpoint answered HTTP 500');
  await expect(history.getByRole('row').nth(1)).toContainText('next attempt');
  await expect(settings).toContainText(/Last success\s*\d{4}-\d{2}-\d{2}/);
  await expect(settings).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'webhooks-detail');
  receiver.respond(() => ({ status: 200, body: { received: true } }));

  // Edit: a new name and OAuth 2.0; the engine fetches a token and proves it with a test batch.
  receiver.respond((post) =>
    post.path === '/token'
      ? { status: 200, body: { access_token: 'tok-123', token_type: 'Bearer', expires_in: 3600 } }
      : { status: 200, body: { received: true } },
  );
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Webhook', exact: true })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('hookuser');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Name', { exact: true }).fill('Order events');
  await choose(page, 'Authentication', 'OAuth 2.0 (client credentials)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter the client ID')).toBeVisible();
  await page.getByLabel('Client ID').fill('shop-client');
  await page.getByLabel('Client secret', { exact: true }).fill('shop-secret');
  await page.getByLabel('Token URL').fill(`${receiver.url}/token`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook Detail', exact: true })).toBeVisible();
  await expect(settings).toContainText('Order events');
  await expect(settings).toContainText(`OAuth 2.0 (client credentials), token from ${receiver.url}/token`);
  const tokenRequest = receiver.posts.findLast((post) => post.path === '/token');
  expect(new URLSearchParams(tokenRequest?.body).get('client_id')).toBe('shop-client');
  expect(receiver.posts.findLast((post) => post.path === '/hooks')?.headers.authorization).toBe(
    'Bearer tok-123',
  );

  // Listed with its target and state.
  await page.goto('/webhook');
  const row = page.getByRole('row').filter({ hasText: 'Order events' });
  await expect(row).toContainText(`${receiver.url}/hooks`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText(/(Succeeded|Failed) \d{4}-\d{2}-\d{2}/);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'webhooks-list');

  // §6 profile A: no webhook activity (history, last delivery) and no authentication settings.
  runAdmin('set-console-profile', '--email', email, '--profile', 'A');
  await page.reload();
  await row.getByRole('link', { name: 'Order events' }).click();
  await expect(page.getByRole('heading', { name: 'Webhook Detail', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Settings' })).toContainText('Order events');
  await expect(page.getByRole('region', { name: 'Batch history' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Settings' })).not.toContainText('Authentication');
  await expect(page.getByRole('region', { name: 'Settings' })).not.toContainText('Last success');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('combobox', { name: 'Authentication' })).toHaveCount(0);
  await page.goto('/webhook');
  await expect(page.getByRole('columnheader', { name: 'Last delivery' })).toHaveCount(0);

  // Delete asks first.
  await row.getByRole('link', { name: 'Order events' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('stops receiving events at once')).toBeVisible();
  await page.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(page.getByRole('heading', { name: 'No webhooks yet' })).toBeVisible();
});
