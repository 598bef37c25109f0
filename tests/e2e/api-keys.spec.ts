import { expect, type Page, test } from '@playwright/test';
import { axeViolations, choose, screenshots } from './helpers.ts';
import { productionAccount } from './support/production-account.ts';

/** Ticks a Shoelace checkbox by its label (its native input is hidden under the drawn box). */
async function tick(page: Page, name: string) {
  await page.locator('sl-checkbox').filter({ hasText: name }).click();
  await expect(page.getByRole('checkbox', { name })).toBeChecked();
}

test('API keys: create one shown once, use it, list, edit, delete; a subaccount with keys, suspended', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await productionAccount(page, request, 'keys', 'Keys Co');

  // The empty list says what a key is for and offers to create one.
  await page.goto('/api-key');
  await expect(page.getByRole('heading', { name: 'API Key', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  await expect(page.getByText('An API key lets a program send mail')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Create API key' }).click();
  await expect(page).toHaveURL(/\/api-key\/create$/);
  await expect(page.getByRole('heading', { name: 'Create API Key', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Mistakes are shown next to their field before anything is sent.
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('A label is required')).toBeVisible();
  await expect(page.getByText('Choose at least one grant')).toBeVisible();
  await page.getByLabel('Label', { exact: true }).fill('Templates reader');
  await tick(page, 'Templates: read');
  await page.getByLabel('Allowed IPs (optional)').fill('127.0.0.1\n300.1.1.1');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('Not an IP address or CIDR netmask: 300.1.1.1')).toBeVisible();
  await page.getByLabel('Allowed IPs (optional)').fill('127.0.0.1\n2001:db8::/32');
  await screenshots(page, 'api-keys-create-form');
  await page.getByRole('button', { name: 'Create API key' }).click();

  // The key is shown once, with the warning and the link to the API instructions.
  await expect(
    page.getByText(
      'This is the only time the key is shown. Copy it now and keep it somewhere safe; if you lose it, create a new one.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'How to send with your API key' })).toHaveAttribute(
    'href',
    '/api-instruction',
  );
  const key = await page.getByLabel('API key', { exact: true }).inputValue();
  expect(key).toMatch(/^[0-9a-f]{40}$/);
  await page.getByRole('button', { name: 'Copy API key' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshots(page, 'api-keys-create-shown-once');

  // The key works for its grant, from an allowed address, and is refused what it lacks.
  const templates = await request.get('/api/v1/templates', { headers: { authorization: key } });
  expect(templates.status()).toBe(200);
  const keys = await request.get('/api/v1/api-keys', { headers: { authorization: key } });
  expect(keys.status()).toBe(403);
  expect(JSON.stringify(await keys.json())).toContain('api_keys/manage');

  // Listed by label and short key after a reload, never in full.
  await page.goto('/api-key');
  const row = page.getByRole('row').filter({ hasText: 'Templates reader' });
  await expect(row).toContainText(`${key.slice(0, 4)}••••`);
  await expect(row).toContainText('templates/view');
  await expect(row).toContainText('127.0.0.1, 2001:db8::/32');
  expect(await page.content()).not.toContain(key);
  await screenshots(page, 'api-keys-list');

  // Detail (everything but the secret), then edit the label.
  await row.getByRole('link', { name: 'Templates reader' }).click();
  await expect(page.getByRole('heading', { name: 'API Key Detail', exact: true })).toBeVisible();
  await expect(page.getByText('Last used')).toBeVisible();
  expect(await page.content()).not.toContain(key);
  await screenshots(page, 'api-keys-detail');
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit API Key', exact: true })).toBeVisible();
  await page.getByLabel('Label', { exact: true }).fill('Templates reader (CI)');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'API Key Detail', exact: true })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: 'Templates reader (CI)' })).toBeVisible();

  // Delete asks first; the key stops working.
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('stops working at once')).toBeVisible();
  await page.getByRole('button', { name: 'Delete key' }).click();
  await expect(page.getByRole('heading', { name: 'No API keys yet' })).toBeVisible();
  expect((await request.get('/api/v1/templates', { headers: { authorization: key } })).status()).toBe(401);

  // A subaccount with its first key, shown once.
  await page.goto('/subaccount');
  await expect(page.getByRole('heading', { name: 'No subaccounts yet' })).toBeVisible();
  await screenshots(page, 'api-keys-subaccount-empty');
  await page.getByRole('link', { name: 'Create subaccount' }).click();
  await expect(page.getByRole('heading', { name: 'Create Subaccount', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('Name', { exact: true }).fill('Acme Shop');
  await page.getByLabel('Key label').fill('Acme sending');
  await page.getByRole('button', { name: 'Sending only' }).click();
  await expect(page.getByRole('checkbox', { name: /SMTP relay: send/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Templates/ })).toHaveCount(0);
  await screenshots(page, 'api-keys-subaccount-create');
  await page.getByRole('button', { name: 'Create subaccount' }).click();
  await expect(page.getByText('This is the only time the key is shown.')).toBeVisible();
  const subaccountKey = await page.getByLabel('API key', { exact: true }).inputValue();
  expect(subaccountKey).toMatch(/^[0-9a-f]{40}$/);
  await page.getByRole('link', { name: 'Go to the subaccount' }).click();

  // Its page lists its keys; a second one is created for it from there.
  await expect(page.getByRole('heading', { name: 'Subaccount Detail', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Acme sending' })).toContainText(
    `${subaccountKey.slice(0, 4)}••••`,
  );
  await page.getByRole('link', { name: 'Create API key' }).click();
  await expect(page).toHaveURL(/\/api-key\/create\?subaccount=\d+$/);
  await page.getByLabel('Label', { exact: true }).fill('Acme events');
  await tick(page, 'Message events: read');
  await expect(page.getByRole('checkbox', { name: /API keys/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('This is the only time the key is shown.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the subaccount' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Acme events' })).toBeVisible();
  await screenshots(page, 'api-keys-subaccount-detail');

  // The master list shows subaccount keys with their subaccount.
  await page.goto('/api-key');
  await expect(page.getByRole('row').filter({ hasText: 'Acme sending' })).toContainText('Acme Shop');

  // Suspending asks first; the subaccount's key is refused afterwards.
  expect(
    (await request.get('/api/v1/transmissions', { headers: { authorization: subaccountKey } })).status(),
  ).toBe(200);
  await page.goto('/subaccount');
  await page.getByRole('link', { name: 'Acme Shop' }).click();
  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Subaccount', exact: true })).toBeVisible();
  await choose(page, 'Status', 'Suspended: its keys are refused until reactivated');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('its API keys are refused until you make it active again')).toBeVisible();
  await page.getByRole('button', { name: 'Suspend subaccount' }).click();
  await expect(page.getByRole('heading', { name: 'Subaccount Detail', exact: true })).toBeVisible();
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(page.getByText('This subaccount is suspended')).toBeVisible();
  expect(
    (await request.get('/api/v1/transmissions', { headers: { authorization: subaccountKey } })).status(),
  ).toBe(403);

  // Terminating warns that it cannot be undone (cancelled here).
  await page.getByRole('link', { name: 'Edit' }).click();
  await choose(page, 'Status', 'Terminated: closed for good');
  await expect(page.getByText('Terminating a subaccount cannot be undone')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('This cannot be undone.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).last().click();

  await page.goto('/subaccount');
  await expect(page.getByRole('row').filter({ hasText: 'Acme Shop' })).toContainText('Suspended');
  await screenshots(page, 'api-keys-subaccount-list');
});
