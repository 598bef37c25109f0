import type { Page } from '@playwright/test';
import {
  axeViolations,
  capturedMailText,
  createConfirmedAccount,
  runAdminIn,
  screenshots,
  signInToConsole,
} from './helpers.ts';
import { dropFiles } from './support/drop-files.ts';
import { expect, test } from './support/engine-server.ts';
import { sessionHeaders, verifiedSendingDomain } from './support/verified-domain.ts';

// The full variant (§1): the marketing shell, its first two screens and the plan's limits, against a
// server of its own whose DNS the test publishes (SPF and DKIM of the senders' domain).
const platformHost = 'mail.platform.test';
test.use({
  engineOptions: { env: { APP_VARIANT: 'full', SMTP_HOSTNAME: platformHost } },
  actionTimeout: 20_000,
});
test.setTimeout(180_000);

const png = (size = 96) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(size - 8).fill(1)];

/** Drops files on the File Manager's drop area. */
const dropOnFileManager = (page: Page, files: Parameters<typeof dropFiles>[2]) =>
  dropFiles(page, 'Drop files to upload', files);

// A dialog's content is slotted into sl-dialog, outside its shadow panel: scope by the open host.
const openDialog = (page: Page) => page.locator('sl-dialog[open]');
const uploads = (page: Page) => page.getByRole('list', { name: 'Uploads' });
const fileRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('the marketing shell: the §2 menu, Home, and marketing routes outside the sandbox/production split', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'shell-full');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const label of ['Home', 'File Manager', 'Manage Sender', 'Analytic', 'Activity']) {
    await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  // A sandbox account opens marketing routes (the split is the transactional console's), with no
  // "Production" tag on their menu items.
  await menu.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(/ - Home$/);
  await expect(page.getByRole('heading', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByText('0% done.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upload your logo' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'File Manager' })).not.toContainText('Production');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'marketing-home');

  // §2: /err sends to /dashboard once the server answers.
  await page.goto('/err');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('File Manager: drag and drop upload, rename, duplicate and 21 MB refused, delete, the storage quota', async ({
  page,
  request,
  engine,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'files');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.goto('/file-manager');
  await expect(page.getByRole('heading', { name: 'File Manager', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No files yet' })).toBeVisible();

  const pdf = [0x25, 0x50, 0x44, 0x46];
  await dropOnFileManager(page, [
    { name: 'Shop logo.png', bytes: png() },
    { name: 'prices.pdf', bytes: pdf },
    { name: 'terms.pdf', bytes: pdf },
  ]);
  await expect(uploads(page).getByText('Uploaded')).toHaveCount(3);
  await expect(fileRow(page, 'Shoplogo.png')).toBeVisible();
  await expect(fileRow(page, 'prices.pdf')).toBeVisible();
  await expect(page.getByText(/^Storage: \d+ B of 100 Mb used$/)).toBeVisible();

  // The same name again (code 122), a file of 21 MB: each refused with the spec's message, beside it.
  await dropOnFileManager(page, [
    { name: 'Shop logo.png', bytes: png() },
    { name: 'film.mp4', size: 21 * 1024 * 1024 },
  ]);
  await expect(uploads(page).getByText('A file with this name already exists')).toBeVisible();
  await expect(
    uploads(page).getByText('The file film.mp4 is larger than 20 MB: a file may be at most 20 MB'),
  ).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(4);

  // An upload still on its way can be cancelled: nothing is stored. (The test holds the request.)
  await page.route('**/v1/media', () => undefined);
  await dropOnFileManager(page, [{ name: 'slow.pdf', bytes: pdf }]);
  await uploads(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(uploads(page).getByText('Cancelled')).toBeVisible();
  await page.unroute('**/v1/media');
  await expect(page.getByRole('row')).toHaveCount(4);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'marketing-file-manager');

  // Rename: the extension stays; a taken name is refused on the field.
  await fileRow(page, 'prices.pdf').getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('dialog', { name: 'Rename prices.pdf' })).toBeVisible();
  await openDialog(page).getByLabel('File name').fill('terms');
  await openDialog(page).getByRole('button', { name: 'Rename' }).click();
  await expect(openDialog(page).getByText('A file with this name already exists')).toBeVisible();
  await openDialog(page).getByLabel('File name').fill('price list 2026');
  await openDialog(page).getByRole('button', { name: 'Rename' }).click();
  await expect(fileRow(page, 'pricelist2026.pdf')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Rename prices.pdf' })).toBeHidden();

  // Search, then delete after a confirmation.
  await page.getByLabel('Search').fill('price');
  await expect(page.getByRole('row')).toHaveCount(2);
  await fileRow(page, 'pricelist2026.pdf').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete pricelist2026.pdf?' })).toBeVisible();
  await openDialog(page).getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByRole('heading', { name: 'No file matches' })).toBeVisible();

  // The plan's storage limit, set by the operator: the next upload gets the quota message.
  runAdminIn(engine.dataDir, 'set-limit', '--email', email, '--limit', 'storageLimit', '--value', '100');
  await page.getByLabel('Search').fill('');
  await dropOnFileManager(page, [{ name: 'banner.png', bytes: png(200) }]);
  await expect(uploads(page).getByText('Quota of storageLimit on file manager is exceeded')).toBeVisible();
});

test('Manage Sender: a free provider and an unverified domain refused, a sender validated through the mailed link, the sender limit', async ({
  page,
  request,
  engine,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'senders');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.goto('/sender');
  await expect(page.getByRole('heading', { name: 'Manage Sender', exact: true })).toBeVisible();
  await expect(page.getByText('No domain to send from yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add sender' });
  const addSender = async (address: string) => {
    await form.getByLabel('Email').fill(address);
    await form.getByLabel('Name', { exact: true }).fill('Shop News');
    await form.getByRole('button', { name: 'Add sender' }).click();
  };
  await addSender('news@gmail.com');
  await expect(form.getByText('Sender cannot use a free email provider domain')).toBeVisible();
  const domain = `shop-${Date.now().toString(36)}.e2e.test`;
  await addSender(`news@${domain}`);
  await expect(form.getByText('The sender domain is not one of your verified sending domains')).toBeVisible();

  // The company verifies the domain (DKIM and SPF, in the test's DNS); now the sender is taken.
  const headers = await sessionHeaders(page);
  await verifiedSendingDomain(request, engine, headers, domain);
  engine.dns.set(domain, { TXT: [`v=spf1 a:${platformHost} ~all`] });
  const spf = await request.post(`/api/v1/sending-domains/${domain}/verify`, {
    headers,
    data: { spf_verify: true },
  });
  expect((await spf.json()).results.spf_status).toBe('valid');
  await page.reload();
  await expect(page.getByText(`Senders can use: ${domain}.`)).toBeVisible();
  await addSender(`news@${domain}`);
  await expect(
    page.getByText(
      `We sent a confirmation link to news@${domain}. The sender can be used once the link is followed.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `news@${domain}` })).toContainText(
    'Pending confirmation',
  );
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'marketing-senders');

  // The mailed link opens the public confirmation page; confirming takes one click.
  const mail = await capturedMailText(request, `news@${domain}`, /confirm/i);
  const link = mail.match(/https?:\/\/\S+\/sender\/validate\/\S+/)?.[0] ?? '';
  expect(link).not.toBe('');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm Sender' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm sender' }).click();
  await expect(
    page.getByText(`The sender news@${domain} is confirmed. You can now send campaigns from it.`),
  ).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm sender' }).click();
  await expect(page.getByText('This link has already been used')).toBeVisible();

  await page.goto('/sender');
  const row = page.getByRole('row').filter({ hasText: `news@${domain}` });
  await expect(row).toContainText('Validated');
  await expect(row).toContainText('Default');
  // FREE has room for one sender: the next gets the plan's quota message.
  await addSender(`offers@${domain}`);
  await expect(page.getByText('Quota of senderLimit on sender is exceeded')).toBeVisible();
});
