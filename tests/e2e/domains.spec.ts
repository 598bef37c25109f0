import type { Page } from '@playwright/test';
import { axeViolations, screenshots } from './helpers.ts';
import { expect, test } from './support/engine-server.ts';
import { productionAccount } from './support/production-account.ts';

// Sending, bounce and tracking domains against a server whose DNS the test publishes (support/engine-server.ts).
const platformHost = 'mail.platform.test';
test.use({ engineOptions: { env: { SMTP_HOSTNAME: platformHost } }, actionTimeout: 20_000 });
test.setTimeout(180_000);

const fieldValue = (page: Page, label: string) => page.getByLabel(label, { exact: true }).inputValue();
const record = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function addDomain(page: Page, domain: string) {
  await page.getByLabel('Domain', { exact: true }).fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
}

test('sending, bounce and tracking domains: add, publish, verify, default, delete', async ({
  page,
  request,
  engine,
}) => {
  const id = Date.now().toString(36);
  // Production routes need a complete profile and the production environment.
  await productionAccount(page, request, 'domains', 'Domains Co');

  // /domain goes to the sending domains; none yet: the empty state says why one is needed.
  await page.goto('/domain');
  await expect(page).toHaveURL(/\/domain\/sending$/);
  await expect(page.getByRole('heading', { name: 'Sending Domain', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No sending domain yet' })).toBeVisible();
  await expect(page.getByText('Mail can only be sent From a domain you have verified')).toBeVisible();

  // Add: the engine's schema refuses a bad name next to the field.
  await page.getByRole('link', { name: 'Add domain' }).first().click();
  await expect(page).toHaveURL(/\/domain\/add\?use=sending$/);
  await addDomain(page, 'not a domain');
  await expect(page.getByText('must be a domain name such as mail.example.com')).toBeVisible();
  const sending = `send-${id}.e2e.test`;
  await addDomain(page, sending);
  await expect(page).toHaveURL(new RegExp(`/domain/sending/${sending}$`));
  await expect(page.getByRole('heading', { name: 'Sending Domain Detail' })).toBeVisible();

  // Publish what the page shows, then Verify: each record valid, and the domain can send.
  const dkimHost = await fieldValue(page, 'DKIM record host name');
  const dkimValue = await fieldValue(page, 'DKIM record value');
  expect(await fieldValue(page, 'DKIM record type')).toBe('TXT');
  expect(dkimValue).toMatch(/^v=DKIM1; k=rsa; h=sha256; p=MII/);
  expect(await fieldValue(page, 'SPF record value')).toBe(`v=spf1 a:${platformHost} ~all`);
  engine.dns.set(dkimHost, { TXT: [dkimValue] });
  engine.dns.set(await fieldValue(page, 'SPF record host name'), {
    TXT: [await fieldValue(page, 'SPF record value')],
  });
  engine.dns.set(await fieldValue(page, 'DMARC record host name'), {
    TXT: [await fieldValue(page, 'DMARC record value')],
  });
  await expect(page.getByRole('alert').filter({ hasText: 'SPF is not verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  for (const title of ['DKIM record', 'SPF record', 'DMARC record']) {
    await expect(record(page, title).getByText('Valid', { exact: true })).toBeVisible();
  }
  await expect(page.getByText('SPF is not verified')).toHaveCount(0);
  await expect(record(page, 'Status').getByText('Yes', { exact: true }).first()).toBeVisible();
  // Its keys: the domain's own (default), now verified, with its record.
  const keys = page.getByRole('table', { name: 'DKIM keys' });
  const ownKey = keys.getByRole('row').filter({ hasText: 'default' });
  await expect(ownKey.getByText(dkimHost)).toBeVisible();
  await expect(ownKey.getByText('Valid', { exact: true })).toBeVisible();
  await screenshots(page, 'domains-sending-detail');
  expect(await axeViolations(page)).toEqual([]);

  // Another domain with someone else's SPF record: the reason, what was found and what is expected.
  await page.goto('/domain/add?use=sending');
  const wrong = `wrong-${id}.e2e.test`;
  await addDomain(page, wrong);
  await expect(page).toHaveURL(new RegExp(`/domain/sending/${wrong}$`));
  engine.dns.set(wrong, { TXT: ['v=spf1 include:_spf.elsewhere.test ~all'] });
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const spf = record(page, 'SPF record');
  await expect(spf.getByText('Wrong value', { exact: true }).first()).toBeVisible();
  await expect(spf.getByText(`does not authorize ${platformHost}; add a:${platformHost}`)).toBeVisible();
  await expect(spf.locator('dd code').first()).toHaveText('v=spf1 include:_spf.elsewhere.test ~all');
  await expect(spf.locator('dd code').nth(1)).toHaveText(`v=spf1 a:${platformHost} ~all`);
  await expect(record(page, 'DKIM record').getByText('Not found', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'SPF is not verified' })).toBeVisible();
  await screenshots(page, 'domains-sending-detail-wrong-spf');

  // The list: each record's state, whether it can send, and the SPF warning naming the wrong one.
  await page.goto('/domain/sending');
  const table = page.getByRole('table', { name: 'Sending domains' });
  await expect(table.getByRole('row').filter({ hasText: sending }).getByText('Yes')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: wrong }).getByText('Not yet')).toBeVisible();
  const warning = page.getByRole('alert').filter({ hasText: 'SPF is not verified' });
  await expect(warning.getByRole('link', { name: wrong })).toBeVisible();
  await expect(warning.getByRole('link', { name: sending })).toHaveCount(0);
  await screenshots(page, 'domains-sending-list');
  expect(await axeViolations(page)).toEqual([]);

  // A bounce domain: added for bounces it is listed as pending; its CNAME and DKIM verified, it becomes the default.
  await page
    .getByRole('navigation', { name: 'Domain types' })
    .getByRole('link', { name: 'Bounce domains' })
    .click();
  await expect(page.getByRole('heading', { name: 'No bounce domain yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Add domain' }).first().click();
  const bounce = `bounces-${id}.e2e.test`;
  await addDomain(page, bounce);
  await expect(page).toHaveURL(new RegExp(`/domain/bounce/${bounce}$`));
  expect(await fieldValue(page, 'CNAME record type')).toBe('CNAME');
  expect(await fieldValue(page, 'CNAME record value')).toBe(platformHost);
  await expect(page.getByRole('button', { name: 'Make default bounce domain' })).toBeDisabled();
  engine.dns.set(await fieldValue(page, 'DKIM record host name'), {
    TXT: [await fieldValue(page, 'DKIM record value')],
  });
  engine.dns.set(bounce, { CNAME: platformHost });
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(record(page, 'CNAME record').getByText('Valid', { exact: true })).toBeVisible();
  await expect(record(page, 'DKIM record').getByText('Valid', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Make default bounce domain' }).click();
  await expect(page.getByRole('button', { name: 'Stop using as default bounce domain' })).toBeVisible();
  await page.goto('/domain/bounce');
  await expect(
    page
      .getByRole('table', { name: 'Bounce domains' })
      .getByRole('row')
      .filter({ hasText: bounce })
      .getByText('Default'),
  ).toBeVisible();

  // A tracking domain: the CNAME points at this server's public host; first not found, then valid, then default.
  await page
    .getByRole('navigation', { name: 'Domain types' })
    .getByRole('link', { name: 'Tracking domains' })
    .click();
  await expect(page.getByRole('heading', { name: 'No tracking domain yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Add domain' }).first().click();
  const tracking = `click-${id}.e2e.test`;
  await addDomain(page, tracking);
  await expect(page).toHaveURL(new RegExp(`/domain/tracking/${tracking}$`));
  expect(await fieldValue(page, 'CNAME record value')).toBe('127.0.0.1');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const cname = record(page, 'CNAME record');
  await expect(cname.getByText('Not found', { exact: true }).first()).toBeVisible();
  await expect(cname.getByText(`Please add a CNAME record ${tracking} pointing to 127.0.0.1`)).toBeVisible();
  engine.dns.set(tracking, { CNAME: '127.0.0.1' });
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(cname.getByText('Valid', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Make default tracking domain' }).click();
  await expect(page.getByRole('button', { name: 'Stop using as default' })).toBeVisible();
  await screenshots(page, 'domains-tracking-detail');
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/domain/tracking');
  await expect(
    page.getByRole('table', { name: 'Tracking domains' }).getByRole('row').filter({ hasText: tracking }),
  ).toContainText('Default');
  await screenshots(page, 'domains-tracking-list');

  // Delete asks first; cancelling keeps the domain, confirming removes it.
  await page.goto(`/domain/sending/${wrong}`);
  await page.getByRole('button', { name: 'Delete domain' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this domain?' });
  // The dialog's buttons are slotted into sl-dialog, outside its shadow panel: scope by the open host.
  const openDialog = page.locator('sl-dialog[open]');
  await expect(dialog).toBeVisible();
  await openDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The page's button comes first; the dialog's own may still be closing.
  await page.getByRole('button', { name: 'Delete domain' }).first().click();
  await openDialog.getByRole('button', { name: 'Delete domain' }).click();
  await expect(page).toHaveURL(/\/domain\/sending$/);
  await expect(page.getByRole('table', { name: 'Sending domains' }).getByText(wrong)).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Sending domains' }).getByText(sending)).toBeVisible();
});
