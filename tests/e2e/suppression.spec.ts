import { expect, type Locator, type Page, test } from '@playwright/test';
import { axeViolations, screenshots } from './helpers.ts';
import { productionAccount } from './support/production-account.ts';

/** Entries put on the list through the engine's API with the console's session. */
async function seed(
  page: Page,
  recipients: Array<{ recipient: string; type: string; description?: string }>,
) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.put('/api/v1/suppression-list', {
    headers: { authorization: `Bearer ${token}` },
    data: { recipients },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** Picks an option of a select inside `scope`. */
async function pick(scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

const results = (page: Page) => page.getByRole('table', { name: 'Suppressed addresses' });

async function expectRecipients(page: Page, recipients: string[]) {
  const table = results(page);
  if (recipients.length === 0) {
    await expect(page.getByRole('heading', { name: 'No matching entries' })).toBeVisible();
    return;
  }
  // Newest first; entries added together share their time, so the order among them is not asserted.
  await expect
    .poll(async () => (await table.locator('tbody tr td:first-child').allInnerTexts()).sort())
    .toEqual([...recipients].sort());
}

test('suppression: summary, search by address, domain, type, source and date; add; remove after confirming; CSV upload', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await productionAccount(page, request, 'suppress', 'Suppress Co');

  await page.goto('/suppression');
  await expect(page.getByRole('heading', { name: 'Suppression', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The suppression list is empty' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await seed(page, [
    { recipient: 'ann@alpha.test', type: 'transactional', description: 'asked by phone' },
    { recipient: 'bob@alpha.test', type: 'non_transactional' },
    { recipient: 'cy@beta.test', type: 'transactional' },
  ]);
  await page.reload();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('definition').first()).toHaveText('3');
  await expectRecipients(page, ['ann@alpha.test', 'bob@alpha.test', 'cy@beta.test']);

  const search = page.getByRole('form', { name: 'Search the suppression list' });
  const searchButton = search.getByRole('button', { name: 'Search' });
  // A domain, then a domain and a type.
  await search.getByLabel('Recipient or domain').fill('alpha.test');
  await searchButton.click();
  await expectRecipients(page, ['ann@alpha.test', 'bob@alpha.test']);
  await pick(search, 'Type', 'Transactional');
  await searchButton.click();
  await expectRecipients(page, ['ann@alpha.test']);
  // The filters are in the URL: a reload keeps them, Back returns to the previous search.
  await expect(page).toHaveURL(/\/suppression\?recipient=alpha\.test&type=transactional$/);
  await page.reload();
  await expect(search.getByLabel('Recipient or domain')).toHaveValue('alpha.test');
  await expectRecipients(page, ['ann@alpha.test']);
  await page.goBack();
  await expectRecipients(page, ['ann@alpha.test', 'bob@alpha.test']);
  await page.goForward();
  await expectRecipients(page, ['ann@alpha.test']);
  // A source nothing came from.
  await pick(search, 'Source', 'Spam Complaint');
  await searchButton.click();
  await expectRecipients(page, []);
  await pick(search, 'Source', 'Manually Added');
  await searchButton.click();
  await expectRecipients(page, ['ann@alpha.test']);
  // An exact address, then a date range that ends before the entries were made.
  await search.getByRole('button', { name: 'Clear filters' }).click();
  await expectRecipients(page, ['ann@alpha.test', 'bob@alpha.test', 'cy@beta.test']);
  await search.getByLabel('Recipient or domain').fill('CY@beta.test');
  await searchButton.click();
  await expectRecipients(page, ['cy@beta.test']);
  await search.getByLabel('Recipient or domain').fill('');
  await search.getByLabel('Updated to').fill('2020-01-31');
  await searchButton.click();
  await expectRecipients(page, []);
  await search.getByLabel('Updated from').fill('2020-02-01');
  await searchButton.click();
  await expect(search.getByText('The end date must not be before the start date')).toBeVisible();
  await search.getByRole('button', { name: 'Clear filters' }).click();
  await search.getByLabel('Recipient or domain').fill('not a domain');
  await searchButton.click();
  await expect(search.getByText('not a domain is not a domain')).toBeVisible();
  await search.getByRole('button', { name: 'Clear filters' }).click();

  // Add one: a bad address is refused next to its field, a good one is listed.
  const add = page.getByRole('form', { name: 'Add an address' });
  await add.getByLabel('Recipient', { exact: true }).fill('not-an-address');
  await add.getByRole('button', { name: 'Add to the list' }).click();
  await expect(add.getByText('recipient must be an email address')).toBeVisible();
  await add.getByLabel('Recipient', { exact: true }).fill('dan@gamma.test');
  await pick(add, 'Type', 'Non-transactional');
  await add.getByLabel('Description (optional)').fill('left the company');
  await add.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByText('dan@gamma.test is suppressed for non-transactional mail.')).toBeVisible();
  await expect(results(page).getByRole('row', { name: /dan@gamma\.test/ })).toContainText('left the company');
  await expect(summary.getByRole('definition').first()).toHaveText('4');

  // Remove: nothing happens until it is confirmed.
  const ann = results(page).getByRole('row', { name: /ann@alpha\.test/ });
  await ann.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from the suppression list?' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // The dialog's buttons are slotted into sl-dialog, outside its shadow panel: scope by the open host.
  const openDialog = page.locator('sl-dialog[open]');
  await openDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(ann).toBeVisible();
  await ann.getByRole('button', { name: 'Remove' }).first().click();
  await openDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(results(page).getByRole('row', { name: /ann@alpha\.test/ })).toHaveCount(0);
  await expect(summary.getByRole('definition').first()).toHaveText('3');

  // CSV upload: a file without the header is refused whole and says why.
  const file = page.getByLabel('CSV file', { exact: true });
  await file.setInputFiles({
    name: 'no-header.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('eve@delta.test,transactional\n'),
  });
  await expect(page.getByText('no-header.csv was not uploaded')).toBeVisible();
  await expect(page.getByText('The first line must be the header recipient,type,description')).toBeVisible();

  // A bad row is named by its line; the good rows are uploaded.
  await file.setInputFiles({
    name: 'suppressions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'recipient,type,description\neve@delta.test,transactional,imported\nnot-an-address,transactional,\nfay@delta.test,non_transactional,imported\nguy@delta.test,marketing,\n',
    ),
  });
  await expect(page.getByText('suppressions.csv: 2 valid rows, 2 with errors.')).toBeVisible();
  const errors = page.getByRole('table', { name: 'Rows with errors' });
  await expect(errors.getByRole('row', { name: /^3 / })).toContainText('recipient must be an email address');
  await expect(errors.getByRole('row', { name: /^5 / })).toContainText(
    "type must be 'transactional' or 'non_transactional'",
  );
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'suppression-csv-checked');
  await page.getByRole('button', { name: 'Upload 2 valid rows' }).click();
  await expect(page.getByText('2 entries were added to the suppression list.')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await search.getByLabel('Recipient or domain').fill('delta.test');
  await searchButton.click();
  await expectRecipients(page, ['eve@delta.test', 'fay@delta.test']);
  await expect(summary.getByRole('definition').first()).toHaveText('5');

  // Paging: 25 entries a page, the next ones on request.
  await seed(
    page,
    Array.from({ length: 30 }, (_, index) => ({ recipient: `p${index}@paging.test`, type: 'transactional' })),
  );
  await search.getByLabel('Recipient or domain').fill('paging.test');
  await searchButton.click();
  await expect(page.getByText('30 entries, 25 shown')).toBeVisible();
  await expect(results(page).locator('tbody tr')).toHaveCount(25);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(results(page).locator('tbody tr')).toHaveCount(30);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  const shown = await results(page).locator('tbody tr td:first-child').allInnerTexts();
  expect(new Set(shown).size).toBe(30);
});
