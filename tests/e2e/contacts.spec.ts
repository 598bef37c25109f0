import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  axeViolations,
  createConfirmedAccount,
  exportFromNotification,
  runAdminIn,
  screenshots,
  signInToConsole,
} from './helpers.ts';
import { dropFiles } from './support/drop-files.ts';
import { expect, test } from './support/engine-server.ts';
import { sessionHeaders } from './support/verified-domain.ts';

// The full variant's contact book (issue 24): the import wizard against the server's workers, the
// Contact Book's filters, adding a contact by hand.
test.use({ engineOptions: { env: { APP_VARIANT: 'full' } }, actionTimeout: 20_000 });
test.setTimeout(180_000);

const contactRow = (page: Page, text: string) =>
  page.getByRole('table', { name: 'Contacts' }).getByRole('row').filter({ hasText: text });

// A messy file: semicolons, a BOM, CRLF, a quoted delimiter, a bad address, the same address twice
// in another case, an internationalized address, a German header the mapping does not know.
const messyCsv = [
  '\uFEFFE-mail;Vorname;Nachname;Stadt',
  'ana@example.test;Ana;"Silva; Jr";Porto',
  'not-an-address;X;Y;Z',
  'ANA@example.test;Ana Maria;Silva;Lisboa',
  'zoë@bücher.example;Zoë;;Köln',
].join('\r\n');

test('contacts: a messy CSV imported by drag and drop, its progress, the rejected rows, the Contact Book, a contact added by hand', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'contacts');
  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Contact Book', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Contact Book', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No contacts yet' })).toBeVisible();

  // The wizard: a file that is not a contact list is refused with the server's exact reason.
  await page.getByRole('link', { name: 'Import contacts' }).click();
  await expect(page).toHaveURL(/\/contact\/import$/);
  await expect(page.getByRole('heading', { name: 'No imports yet' })).toBeVisible();
  await dropFiles(page, 'Drop a file to import', [
    { name: 'people.csv', text: 'email:name\na@example.test:A\n' },
  ]);
  await expect(page.getByText('people.csv: The import file delimiter is not supported')).toBeVisible();

  await dropFiles(page, 'Drop a file to import', [{ name: 'kunden.csv', text: messyCsv }]);
  await expect(page.getByText('kunden.csv', { exact: true })).toBeVisible();
  const importAs = (header: string) => page.getByLabel(`Import ${header} as`);
  await expect(importAs('E-mail')).toHaveValue('email');
  await expect(importAs('Vorname')).toHaveValue('skip');
  await importAs('Vorname').selectOption('firstname');
  await importAs('Nachname').selectOption('lastname');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'contacts-import-mapping');
  await page.getByRole('button', { name: 'Start import' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('2 added, 0 updated, 1 skipped, 1 rejected, of 4 rows.')).toBeVisible();
  await screenshots(page, 'contacts-import-done');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download rejected rows' }).click();
  const rejected = await readFile((await (await downloading).path()) ?? '', 'utf8');
  expect(rejected).toContain('2,E-mail,"Same address as line 4, whose values were kept"');
  expect(rejected).toContain('3,E-mail,Not a valid email address');
  await expect(
    page.getByRole('table', { name: 'Import history' }).getByRole('row').filter({ hasText: 'kunden.csv' }),
  ).toContainText('Done');

  // The Contact Book: the last row of a repeated address won; search finds an internationalized one.
  await page.getByRole('link', { name: 'Open Contact Book' }).click();
  await expect(contactRow(page, 'ana@example.test')).toContainText('Ana Maria Silva');
  await expect(contactRow(page, 'zoë@bücher.example')).toContainText('Subscribed');
  await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('bücher');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/search=b%C3%BCcher/);
  await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'contacts-book');

  // Labels and fields: a label to put contacts in, a custom field whose tag follows its name.
  await page.getByRole('link', { name: 'Labels', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No labels yet' })).toBeVisible();
  const newLabel = page.getByRole('form', { name: 'New label' });
  await newLabel.getByLabel('Label name').fill('VIP');
  await newLabel.getByRole('button', { name: 'Add label' }).click();
  await expect(
    page.getByRole('table', { name: 'Labels' }).getByRole('row').filter({ hasText: 'VIP' }),
  ).toContainText('0');
  await newLabel.getByLabel('Label name').fill('vip');
  await newLabel.getByRole('button', { name: 'Add label' }).click();
  await expect(newLabel.getByText(/^Field Label name /)).toBeVisible();
  // A label made by mistake is deleted after its confirmation.
  await newLabel.getByLabel('Label name').fill('Typo');
  await newLabel.getByRole('button', { name: 'Add label' }).click();
  const labels = page.getByRole('table', { name: 'Labels' });
  await labels.getByRole('row').filter({ hasText: 'Typo' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete Typo?' })).toBeVisible();
  // The dialog's buttons are slotted into sl-dialog, outside its shadow panel: scope by the open host.
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Delete label' }).click();
  await expect(labels.getByRole('row').filter({ hasText: 'Typo' })).toHaveCount(0);
  await expect(labels.getByRole('row').filter({ hasText: 'VIP' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/contact/field');
  const newField = page.getByRole('form', { name: 'New custom field' });
  await newField.getByLabel('Field name').fill('Home city');
  await expect(newField.getByLabel('Tag')).toHaveValue('home_city');
  await newField.getByRole('button', { name: 'Add field' }).click();
  await expect(
    page.getByRole('table', { name: 'Contact fields' }).getByRole('row').filter({ hasText: 'Home city' }),
  ).toContainText('{{home_city}}');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'contacts-fields');

  // Add Contact: a wrong address is named on its field; a duplicate is refused; a new one is listed.
  await menu.getByRole('link', { name: 'Add Contact', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Add Contact', exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add contact' });
  await form.getByLabel('Email').fill('not an address');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByText(/^Field Email /)).toBeVisible();
  await form.getByLabel('Email').fill('ANA@example.test');
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(form.getByText('A contact with this email already exists')).toBeVisible();
  await form.getByLabel('Email').fill('bo@example.test');
  await form.getByLabel('First name').fill('Bo');
  await form.getByLabel('Home city').fill('Porto');
  await form.locator('sl-checkbox').filter({ hasText: 'VIP' }).locator('[part~="control"]').click();
  await form.getByRole('button', { name: 'Add contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(contactRow(page, 'bo@example.test')).toContainText('Bo');
  await expect(page.getByText('3 contacts', { exact: true })).toBeVisible();
  // A field's exact value filters the book.
  await page.getByLabel('Field', { exact: true }).selectOption('home_city');
  await page.getByLabel('Field value').fill('Porto');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/field=home_city&value=Porto/);
  await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
  await expect(contactRow(page, 'bo@example.test')).toBeVisible();
  await page.goto('/contact');

  // A segment built with the rule builder: its live count matches the Contact Book it filters.
  await page.getByRole('link', { name: 'Segments' }).click();
  await expect(page).toHaveURL(/\/contact\/segment$/);
  await expect(page.getByRole('heading', { name: 'No segments yet' })).toBeVisible();
  const builder = page.getByRole('form', { name: 'New segment' });
  await expect(builder.getByRole('status')).toHaveText('3 contacts match');
  await builder.getByLabel('Condition 1 kind').selectOption('field');
  await builder.getByLabel('Condition 1 field').selectOption('email');
  await builder.getByLabel('Condition 1 comparison').selectOption('contains');
  await builder.getByLabel('Condition 1 value').fill('example.test');
  await expect(builder.getByRole('status')).toHaveText('2 contacts match');
  // A nested group: all of (the address condition, any of the group's conditions).
  await builder.getByRole('button', { name: 'Add group', exact: true }).click();
  await builder.getByLabel('Condition 2.1 field').selectOption('email');
  await builder.getByLabel('Condition 2.1 comparison').selectOption('startsWith');
  await builder.getByLabel('Condition 2.1 value').fill('bo@');
  await expect(builder.getByRole('status')).toHaveText('1 contact match');
  await builder.getByRole('button', { name: 'Add condition to group 2' }).click();
  await builder.getByLabel('Condition 2.2 field').selectOption('email');
  await builder.getByLabel('Condition 2.2 comparison').selectOption('startsWith');
  await builder.getByLabel('Condition 2.2 value').fill('ana@');
  await expect(builder.getByRole('status')).toHaveText('2 contacts match');
  await builder.getByLabel('Segment name').fill('Example customers');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'contacts-segment-builder');
  await builder.getByRole('button', { name: 'Remove group 2' }).click();
  await expect(builder.getByRole('status')).toHaveText('2 contacts match');
  await builder.getByRole('button', { name: 'Save segment' }).click();
  const segmentRow = page
    .getByRole('table', { name: 'Segments' })
    .getByRole('row')
    .filter({ hasText: 'Example customers' });
  await expect(segmentRow).toContainText('2');
  await segmentRow.getByRole('link', { name: 'View contacts' }).click();
  await expect(page).toHaveURL(/\/contact\?segment=\d+$/);
  await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();
  await expect(contactRow(page, 'bo@example.test')).toBeVisible();
  await expect(contactRow(page, 'zoë@bücher.example')).toHaveCount(0);

  // One unsubscribe truth: an unsubscribe puts the address on the engine's suppression list, a
  // resubscribe (after saying the person asked for it) lifts it.
  const headers = await sessionHeaders(page);
  const suppression = () => request.get('/api/v1/suppression-list/bo@example.test', { headers });
  await contactRow(page, 'bo@example.test')
    .getByRole('button', { name: 'Unsubscribe bo@example.test' })
    .click();
  await expect(contactRow(page, 'bo@example.test')).toContainText('Unsubscribed');
  const held = await suppression();
  expect(held.status(), await held.text()).toBe(200);
  expect(JSON.stringify(await held.json())).toContain('non_transactional');
  await contactRow(page, 'bo@example.test')
    .getByRole('button', { name: 'Resubscribe bo@example.test' })
    .click();
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Resubscribe' }).click();
  await expect(contactRow(page, 'bo@example.test')).toContainText('Subscribed');
  expect((await suppression()).status()).toBe(404);

  // Export a label: the §8 notice, then the file from the header's notification.
  await page.goto('/contact/label');
  await page
    .getByRole('table', { name: 'Labels' })
    .getByRole('row')
    .filter({ hasText: 'VIP' })
    .getByRole('link', { name: 'View contacts' })
    .click();
  await expect(page.getByText('1 contact', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = page.locator('sl-dialog[open]');
  await exportDialog.getByLabel('Format').selectOption('csv');
  const exported = await exportFromNotification(page, 'Your contact export is ready: 1 contact.');
  expect(exported).toContain('email,firstname,lastname,phone,home_city,status');
  expect(exported).toContain('bo@example.test,Bo,,,Porto,subscribed,console,VIP,');
  expect(exported).not.toContain('ana@example.test');

  // The contact's own page: its consent, its timeline, an edit; then an erase at the person's request.
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'bo@example.test' }).click();
  await expect(page.getByRole('heading', { name: 'bo@example.test', level: 1 })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Contact timeline' });
  await expect(timeline).toContainText('Joined a label');
  await expect(timeline).toContainText('Added to the contact book');
  await expect(page.getByText(/^Consent: .*from console/)).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit contact' });
  await expect(edit.getByLabel('Home city')).toHaveValue('Porto');
  await edit.getByLabel('Last name').fill('Bauer');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('The contact is saved.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'contacts-detail');
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Erase contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByText('3 contacts', { exact: true })).toHaveCount(0);
  await expect(page.getByText('2 contacts', { exact: true })).toBeVisible();

  // Subscriber Setting: double opt-in is on until the company turns it off.
  await menu.getByRole('link', { name: 'Subscriber Setting' }).click();
  const setting = page.getByRole('form', { name: 'Subscriber Setting' });
  const optIn = setting.getByRole('switch', { name: /Double opt-in/ });
  await expect(optIn).toBeChecked();
  await setting.getByRole('textbox', { name: 'Confirmation text' }).fill('Please confirm.');
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(setting.getByText('Put {{confirm_link}} where the confirmation link goes')).toBeVisible();
  await setting.getByRole('textbox', { name: 'Confirmation text' }).fill('Please confirm: {{confirm_link}}');
  await setting.locator('sl-switch').locator('[part~="control"]').click();
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The Subscriber Setting is saved.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Subscriber Setting' }).getByRole('switch', { name: /Double opt-in/ }),
  ).not.toBeChecked();
});

test('contacts: an Excel workbook dropped on the wizard, rows without an address taken by phone with the operator toggle', async ({
  page,
  request,
  engine,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'contacts-xlsx');
  // §6 "custom import without email", switched on by the operator before the user signs in.
  runAdminIn(
    engine.dataDir,
    'set-toggle',
    '--email',
    email,
    '--toggle',
    'customImportWithoutEmail',
    '--value',
    'on',
  );
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Kunden').addRows([
    ['Email', 'First name', 'Phone'],
    ['eva@example.test', 'Eva', ''],
    ['', 'Nadia', '+351 900 000 001'],
    ['', 'Nobody', ''],
  ]);
  const workbook = Array.from(new Uint8Array(await book.xlsx.writeBuffer()));

  await signInToConsole(page, email, password);
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.goto('/contact/import');
  await dropFiles(page, 'Drop a file to import', [{ name: 'kunden.xlsx', bytes: workbook }]);
  await expect(page.getByText('(Excel workbook: its first sheet)')).toBeVisible();
  await expect(page.getByLabel('Import Phone as')).toHaveValue('phone');
  await expect(
    page.getByText('Rows without an email address are imported as contacts that are never mailed'),
  ).toBeVisible();
  await screenshots(page, 'contacts-import-without-address');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('2 added, 0 updated, 0 skipped, 1 rejected, of 3 rows.')).toBeVisible();

  await page.getByRole('link', { name: 'Open Contact Book' }).click();
  await expect(contactRow(page, 'eva@example.test')).toContainText('Eva');
  await expect(contactRow(page, 'Nadia')).toContainText('No address');
});
