import { readFileSync } from 'node:fs';
import { axeViolations, screenshots } from './helpers.ts';
import { expect, test } from './support/engine-server.ts';
import { productionAccount } from './support/production-account.ts';

// The server resolves through the test's own DNS (support/engine-server.ts): no internet needed, and
// a domain the test does not publish has no mail server.

test('email validation: one address explained with its typo suggestion; a list uploaded, validated and downloaded', async ({
  page,
  request,
  engine,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  engine.dns.set('valid.test', { MX: [{ exchange: 'mx.valid.test', priority: 10 }] });
  engine.dns.set('mx.valid.test', { A: ['192.0.2.10'] });
  await productionAccount(page, request, 'validate', 'Validate Co');

  await page.goto('/email-validation-test');
  await expect(page.getByRole('heading', { name: 'Email Validation Test', exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Check address' }).click();
  await expect(page.getByText('Enter an email address to check')).toBeVisible();

  // A misspelt popular domain: the suggestion, and what each check found.
  await page.getByLabel('Email address').fill('ann@gmial.com');
  await page.getByRole('button', { name: 'Check address' }).click();
  const result = page.getByRole('region', { name: 'Result' });
  await expect(result.getByText('Did you mean ann@gmail.com?')).toBeVisible();
  await expect(result.getByText('Probably a typo: the domain looks like a misspelt one.')).toBeVisible();
  await expect(result.getByText('None found: the domain cannot receive mail')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'email-validation-test-typo');

  // An address whose domain has a mail server.
  await page.getByLabel('Email address').fill('info@valid.test');
  await page.getByRole('button', { name: 'Check address' }).click();
  await expect(result.getByText('info@valid.test')).toBeVisible();
  await expect(result.getByText('Found: the domain receives mail')).toBeVisible();
  await expect(result.getByText(/Yes: a shared mailbox such as info@/)).toBeVisible();

  // Lists: empty at first; a file that is not CSV is refused before it is sent.
  await page.goto('/email-validation');
  await expect(page.getByRole('heading', { name: 'Email Validation', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No lists yet' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const file = page.getByLabel('CSV list', { exact: true });
  await file.setInputFiles({ name: 'list.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
  await expect(page.getByText('list.pdf is not a CSV file: choose a .csv or .txt file.')).toBeVisible();

  // A list runs to completion and its results download.
  // Dropped on the drop area, as a user drags it from their files.
  const dropped = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    const content = 'email\nann@valid.test\nbob@gmial.com\nnot-an-address\n';
    transfer.items.add(new File([content], 'customers.csv', { type: 'text/csv' }));
    return transfer;
  });
  const area = page.getByRole('group', { name: 'Drop a CSV file here, or choose one' });
  await area.dispatchEvent('dragover', { dataTransfer: dropped });
  await area.dispatchEvent('drop', { dataTransfer: dropped });
  const row = page
    .getByRole('table', { name: 'Validation lists' })
    .getByRole('row', { name: /customers\.csv/ });
  await expect(row).toContainText('Complete', { timeout: 30_000 });
  await expect(row).toContainText('3 of 3 addresses');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'email-validation-lists');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download results' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('customers-results.csv');
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^email,valid,result/);
  expect(lines.find((line) => line.startsWith('ann@valid.test'))).toMatch(/,true,valid,/);
  expect(lines.find((line) => line.startsWith('bob@gmial.com'))).toContain('bob@gmail.com');
  expect(lines.find((line) => line.startsWith('not-an-address'))).toContain('Invalid Syntax');
});
