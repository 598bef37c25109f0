import { expect, test } from '@playwright/test';
import { axeViolations, choose, screenshots } from './helpers.ts';
import { productionAccount } from './support/production-account.ts';
import { sessionHeaders } from './support/verified-domain.ts';

test('IP pools: create, move a sending IP in and out, hold a subaccount to a pool, delete', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const name = `Marketing ${suffix}`;
  const poolId = `marketing_${suffix}`;
  const label = `${name} (${poolId})`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await productionAccount(page, request, 'pools', 'Pools Co');
  const headers = await sessionHeaders(page);
  const sub = await request.post('/api/v1/subaccounts', {
    headers,
    data: { name: `Shop ${suffix}`, setup_api_key: false },
  });
  expect(sub.ok(), await sub.text()).toBe(true);
  const subaccountId = (await sub.json()).results.subaccount_id as number;

  // Reached from the menu: only the default pool, and this server's addresses in it.
  await page.goto('/analytic');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'IP Pools' }).click();
  await expect(page).toHaveURL(/\/ip-pool$/);
  await expect(page.getByRole('heading', { name: 'IP Pool', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Only the default pool so far' })).toBeVisible();
  const loopback = page
    .getByRole('table', { name: 'Sending IPs' })
    .getByRole('row')
    .filter({ has: page.locator('code', { hasText: /^127\.0\.0\.1$/ }) });
  await expect(loopback).toContainText('default');
  expect(await axeViolations(page)).toEqual([]);

  // Create: mistakes are named before anything is sent.
  await page.getByRole('link', { name: 'Create IP pool' }).first().click();
  await expect(page).toHaveURL(/\/ip-pool\/create$/);
  await expect(page.getByRole('heading', { name: 'Create IP Pool', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create IP pool' }).click();
  await expect(page.getByText('A name is required')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Signing domain (optional)').fill('not a domain');
  await page.getByRole('button', { name: 'Create IP pool' }).click();
  await expect(page.getByText('must be a domain name such as mail.example.com')).toBeVisible();
  await page.getByLabel('Signing domain (optional)').fill('mail.acme.test');
  await page.getByRole('button', { name: 'Create IP pool' }).click();
  await expect(page).toHaveURL(new RegExp(`/ip-pool/${poolId}$`));
  await expect(page.getByRole('heading', { name: 'IP Pool Detail', exact: true })).toBeVisible();
  await expect(page.getByText('No address yet')).toBeVisible();

  // Assign an address: it moves out of the default pool into this one.
  await choose(page, 'Sending IP', '127.0.0.1 (now in default)');
  await page.getByRole('button', { name: 'Add to this pool' }).click();
  await expect(page.getByText(`127.0.0.1 moved to ${poolId}.`)).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: '127.0.0.1' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const pool = await (await request.get(`/api/v1/ip-pools/${poolId}`, { headers })).json();
  expect(pool.results).toMatchObject({ name, signing_domain: 'mail.acme.test' });
  expect(pool.results.ips.map((ip: { external_ip: string }) => ip.external_ip)).toEqual(['127.0.0.1']);

  // The list shows the pool with its address; a subaccount is held to it.
  await page.goto('/ip-pool');
  const poolRow = page.getByRole('table', { name: 'IP pools' }).getByRole('row').filter({ hasText: poolId });
  await expect(poolRow).toContainText('127.0.0.1');
  await expect(poolRow).toContainText('mail.acme.test');
  await expect(loopback).toContainText(poolId);
  await choose(page, 'Subaccount', `Shop ${suffix} (${subaccountId})`);
  await choose(page, 'IP pool', label);
  await page.getByRole('button', { name: 'Save pool' }).click();
  await expect(page.getByText(`Shop ${suffix} now sends through ${poolId}.`)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Subaccount pools' })
      .getByRole('row')
      .filter({ hasText: `Shop ${suffix}` }),
  ).toContainText(poolId);
  await screenshots(page, 'ip-pools-list');
  const subaccount = await (await request.get(`/api/v1/subaccounts/${subaccountId}`, { headers })).json();
  expect(subaccount.results.ip_pool).toBe(poolId);
  expect(await axeViolations(page)).toEqual([]);

  // Move the address back to the default pool.
  await choose(page, 'Sending IP', `127.0.0.1 (now in ${poolId})`);
  await choose(page, 'Move to pool', 'Default pool');
  await page.getByRole('button', { name: 'Move address' }).click();
  await expect(page.getByText('127.0.0.1 moved to default.')).toBeVisible();
  await expect(loopback).not.toContainText(poolId);

  // The default pool cannot be deleted: the engine says so.
  await page.goto('/ip-pool/default');
  await expect(page.getByRole('heading', { name: 'IP Pool Detail', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Delete IP pool' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The IP pool was not deleted' })).toContainText(
    'IP Pool default is reserved.',
  );

  // Delete the new pool, after a confirmation.
  await page.goto(`/ip-pool/${poolId}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this IP pool?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete IP pool' }).click();
  await expect(page).toHaveURL(/\/ip-pool$/);
  await expect(page.getByText(`IP pool ${poolId} deleted.`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'IP pools' }).getByRole('row').filter({ hasText: poolId }),
  ).toHaveCount(0);
});
