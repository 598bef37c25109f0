import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axeViolations, choose, screenshots } from './helpers.ts';
import { type ActivityData, sendActivityMail } from './support/activity-data.ts';
import { productionAccount } from './support/production-account.ts';

/** "type recipient" of each row the list shows, sorted. */
async function shownRows(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Message events' });
  const empty = page.getByText('No events match these filters');
  await expect(list.or(empty)).toBeVisible();
  if (await empty.isVisible()) return [];
  const rows = await list.getByRole('listitem').evaluateAll((items) =>
    items.map((item) => {
      const cells = item.querySelectorAll('span');
      return `${cells[0]?.textContent} ${cells[1]?.textContent}`;
    }),
  );
  return rows.sort();
}

const sorted = (rows: string[]) => [...rows].sort();

/** Sets one text filter in the form (from a clean /activity), applies it, and waits for the URL. */
async function filterBy(page: Page, label: string, value: string, param: string) {
  await page.goto('/activity');
  const form = page.getByRole('form', { name: 'Activity filters' });
  await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]${param}=`));
}

async function expectRows(page: Page, expected: string[]) {
  await expect.poll(() => shownRows(page), { timeout: 15_000 }).toEqual(sorted(expected));
}

test.describe.configure({ mode: 'serial' });

let data: ActivityData;

test('production Activity: every advanced filter, the timeline and the .xlsx export', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await productionAccount(page, request, 'activity', 'Activity Co');
  data = await sendActivityMail(page, request);
  const { ann, carl, bob, dora } = data;
  const annEngaged = [`open ${ann}`, `click ${ann}`];
  const invoice1001 = [
    `injection ${ann}`,
    `delivery ${ann}`,
    `injection ${carl}`,
    `delivery ${carl}`,
    ...annEngaged,
  ];
  const news = [`injection ${bob}`, `delivery ${bob}`];
  const invoice1002 = [`injection ${dora}`, `delivery ${dora}`, `out_of_band ${dora}`];

  // ---- everything of the last day, newest first ----
  await page.goto('/activity');
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expectRows(page, [...invoice1001, ...news, ...invoice1002]);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'activity-production');

  // ---- each §2 advanced filter, set in the form ----
  await filterBy(page, 'Sending domain', data.newsDomain, 'sendingDomain');
  await expectRows(page, news);
  await filterBy(page, 'Subject', 'Invoice*', 'subject');
  await expectRows(page, [...invoice1001, ...invoice1002]);
  await filterBy(page, 'Bounce classification code', '10', 'bounceClassificationCode');
  await expectRows(page, [`out_of_band ${dora}`]);
  await filterBy(page, 'Reason', 'user unknown', 'reason');
  await expectRows(page, [`out_of_band ${dora}`]);
  await filterBy(page, 'Transmission ID', data.newsTransmission, 'transmissionId');
  await expectRows(page, news);
  await filterBy(page, 'Recipient', carl, 'recipientTo');
  await expectRows(page, [`injection ${carl}`, `delivery ${carl}`]);
  await filterBy(page, 'Recipient domain', data.betaDomain, 'recipientDomain');
  await expectRows(page, [`injection ${carl}`, `delivery ${carl}`, ...news]);
  await filterBy(page, 'From address', `news@${data.newsDomain}`, 'friendlyFrom');
  await expectRows(page, news);

  await page.goto('/activity');
  await choose(page, 'Recipient type', 'cc');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/recipientType=cc/);
  // The engine records the recipient type on the injection (and refusals) of each recipient.
  await expectRows(page, [`injection ${carl}`]);

  await page.goto('/activity');
  await page.getByRole('combobox', { name: 'Event types' }).click();
  await page.getByRole('option', { name: 'out_of_band', exact: true }).click();
  await page.getByRole('option', { name: 'click', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/eventTypes=out_of_band%2Cclick|eventTypes=out_of_band,click/);
  await expectRows(page, [`out_of_band ${dora}`, `click ${ann}`]);

  // ---- a bad value is named and nothing is lost ----
  await page.goto('/activity');
  const form = page.getByRole('form', { name: 'Activity filters' });
  await form.getByLabel('Subject', { exact: true }).fill('Weekly news');
  await form.getByLabel('Bounce classification code', { exact: true }).fill('ten');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(form.getByText('"ten" is not a bounce classification code (1 to 3 digits)')).toBeVisible();
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue('Weekly news');

  // ---- ranges: a custom range of last week finds nothing; filters survive a reload ----
  await page.goto('/activity');
  await choose(page, 'Range', 'Custom Range');
  const day = 86_400_000;
  const local = (time: number) =>
    new Date(time - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel('From', { exact: true }).fill(local(Date.now() - 8 * day));
  await form.getByLabel('To', { exact: true }).fill(local(Date.now() - 7 * day));
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/range=custom/);
  await expect(page.getByText('No events match these filters')).toBeVisible();
  await page.goto(`/activity?range=7&subject=${encodeURIComponent('Invoice 1002')}`);
  await expectRows(page, invoice1002);
  await page.reload();
  await expect(form.getByLabel('Subject', { exact: true })).toHaveValue('Invoice 1002');
  await expectRows(page, invoice1002);

  // ---- the message: its whole timeline, from the keyboard ----
  await page.goto(`/activity?recipientTo=${encodeURIComponent(ann)}`);
  await expectRows(page, [`injection ${ann}`, `delivery ${ann}`, ...annEngaged]);
  const rows = page.getByRole('list', { name: 'Message events' }).getByRole('link');
  await rows.first().focus();
  await page.keyboard.press('End');
  await expect(rows.last()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/activity/${data.annMessage}$`));
  await expect(page.getByRole('heading', { name: 'Activity Detail' })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Message timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(timeline.getByRole('listitem').first()).toContainText('injection');
  await expect(timeline).toContainText('https://shop.example/invoices/1001');
  await expect(timeline).toContainText('Mozilla/5.0 (E2E Mail Reader)');
  await expect(page.getByTitle('HTML preview of the message')).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="HTML preview of the message"]').getByText('Your invoice.'),
  ).toBeVisible();

  await page.goto(`/activity/${data.doraMessage}`);
  await expect(page.getByRole('list', { name: 'Message timeline' })).toContainText(
    'Recipient address rejected: User unknown',
  );

  // ---- export what the filters find: the §8 notice, then the notification and the file ----
  await page.goto('/activity?subject=Invoice*');
  await expectRows(page, [...invoice1001, ...invoice1002]);
  await page.getByRole('button', { name: 'Export to .xlsx' }).click();
  await expect(
    page.getByText('Your export is being processed, you will get a notification when it is ready'),
  ).toBeVisible();
  const notice = page.getByText('Your activity export is ready: 9 events.');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('status')
    .filter({ hasText: 'Your activity export is ready' })
    .getByRole('button', { name: 'Download' })
    .click();
  const file = await (await downloading).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Events');
  const values: string[][] = [];
  sheet?.eachRow((row) =>
    values.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))),
  );
  expect(values[0]?.slice(0, 4)).toEqual(['Time (UTC)', 'Event', 'Recipient', 'Recipient type']);
  expect(sorted(values.slice(1).map((row) => `${row[1]} ${row[2]}`))).toEqual(
    sorted([...invoice1001, ...invoice1002]),
  );
  expect(values.slice(1).every((row) => row[7]?.startsWith('Invoice 100'))).toBe(true);
  await expect(notice).toBeHidden();
});
