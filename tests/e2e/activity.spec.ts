import AxeBuilder from '@axe-core/playwright';
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
  // Every event of a copy's message carries how it was addressed: its injection and its delivery.
  await expectRows(page, [`injection ${carl}`, `delivery ${carl}`]);

  await page.goto('/activity');
  await page.getByText('All event types').click();
  const eventTypes = page.getByRole('group', { name: 'Event types' });
  for (const type of ['out_of_band', 'click']) {
    await eventTypes.getByText(type, { exact: true }).click();
    await expect(eventTypes.getByRole('checkbox', { name: type, exact: true })).toBeChecked();
  }
  await expect(page.locator('summary', { hasText: 'Event types' })).toContainText('out_of_band, click');
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
  // The mail's own HTML (in its script-less frame, where axe cannot run) is the sender's, not ours.
  const detailAxe = await new AxeBuilder({ page }).exclude('iframe').analyze();
  expect(detailAxe.violations.map((violation) => violation.id)).toEqual([]);

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
  // The header tells of it on every page.
  await page.goto('/analytic');
  await expect(page.getByRole('heading', { name: 'Analytic', level: 1 })).toBeVisible();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Your activity export is ready: 9 events.',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/activity?subject=Invoice*');
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
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

/** `count` engine events from `start` down, as GET /events/message answers them. */
function syntheticPage(start: number, count: number, total: number) {
  const base = Date.parse('2026-11-24T12:00:00Z');
  const results = Array.from({ length: count }, (_, offset) => {
    const index = start + offset;
    return {
      type: index % 7 === 0 ? 'bounce' : 'delivery',
      event_id: String(total - index),
      timestamp: new Date(base - index * 1000).toISOString(),
      rcpt_to: `user${index}@load.example`,
      subject: `Load ${index}`,
      message_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      customer_id: '1',
      subaccount_id: '0',
    };
  });
  const next = start + count < total ? `/api/v1/events/message?cursor=${start + count}` : undefined;
  return { results, total_count: Math.min(total, 10_000), links: next ? { next } : {} };
}

test('the list stays light and smooth with 100,000 rows loaded', async ({ page, request }) => {
  test.setTimeout(180_000);
  await productionAccount(page, request, 'activity-load', 'Load Co');
  // The engine's answers, 10,000 events each, so ten pages make 100,000 rows (the real engine is
  // exercised by the test above; this one measures the browser).
  const total = 100_000;
  await page.route('**/api/v1/events/message?**', (route) => {
    const cursor = Number(new URL(route.request().url()).searchParams.get('cursor') ?? 0);
    return route.fulfill({ json: syntheticPage(cursor, 10_000, total) });
  });
  await page.goto('/activity');
  const list = page.getByRole('list', { name: 'Message events' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  for (let loaded = 10_000; loaded < total; loaded += 10_000) {
    await page.getByRole('button', { name: 'Load more' }).click();
    const shown = (loaded + 10_000).toLocaleString('en-US');
    const of = loaded + 10_000 < total ? '10,000+' : shown;
    await expect(page.getByText(`Showing ${shown} of ${of} events`)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Load more' })).toBeHidden();

  // Only the rows in view are in the document.
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);

  // Scrolling the whole list: frame times stay short.
  const frames = await list.evaluate(async (element) => {
    const viewport = element.parentElement as HTMLElement;
    const durations: number[] = [];
    let last = performance.now();
    for (let step = 1; step <= 60; step++) {
      viewport.scrollTop = (viewport.scrollHeight * step) / 60;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      durations.push(now - last);
      last = now;
    }
    return durations.sort((a, b) => a - b);
  });
  const p90 = frames[Math.floor(frames.length * 0.9)] ?? 0;
  console.log(`scrolling 100,000 rows: median frame ${frames[30]?.toFixed(1)} ms, p90 ${p90.toFixed(1)} ms`);
  expect(p90).toBeLessThan(100);

  // The keyboard reaches the last row.
  await list.getByRole('link').first().focus();
  await page.keyboard.press('End');
  await expect(list.getByRole('link', { name: /user99999@load\.example/ })).toBeFocused();
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);
});
