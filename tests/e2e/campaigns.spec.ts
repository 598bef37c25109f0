import { readFile } from 'node:fs/promises';
import { axeViolations, choose, exportFromNotification, runAdminIn, screenshots } from './helpers.ts';
import {
  deliveredTo,
  labelWith,
  platformHost,
  receivedBy,
  validatedCampaignSender,
} from './support/campaign-sender.ts';
import { deliveredHtml, deliveringProductionAccount, dragBlock } from './support/email-editor.ts';
import { expect, test } from './support/engine-server.ts';
import { sessionHeaders } from './support/verified-domain.ts';

// Campaigns (issue 25) in the full variant: composed in the console, sent by the server's campaign
// worker through the engine, delivered to the test receiver (a production company: a sandbox mails
// only its authorized recipients).
test.use({
  engineOptions: { env: { APP_VARIANT: 'full', SMTP_HOSTNAME: platformHost, MAIL_MODE: 'deliver' } },
  actionTimeout: 20_000,
});
test.setTimeout(180_000);

test('campaigns: composed in the console (settings, recipients and their count, the editor, the ready check), tested, sent once to each contact', async ({
  page,
  request,
  engine,
  browser,
}) => {
  const { domain } = await deliveringProductionAccount(page, request, engine, 'campaigns');
  const email = `owner@${domain}`;
  const headers = await sessionHeaders(page);

  // A validated sender at the verified domain; a label of 50 contacts and one who unsubscribed,
  // and a contact outside it.
  await validatedCampaignSender(page, request, engine, headers, domain);
  const [ana, bo, cy, dee] = ['ana', 'bo', 'cy', 'dee'].map((name) => `${name}@${domain}`);
  const readers = [ana ?? '', bo ?? '', ...Array.from({ length: 48 }, (_, n) => `reader${n + 1}@${domain}`)];
  await labelWith(request, headers, 'VIP', [...readers, dee ?? '']);
  await labelWith(request, headers, 'Others', [cy ?? '']);
  const unsubscribed = await request.post('/v1/contacts/unsubscribe', { headers, data: { email: dee } });
  expect(unsubscribed.status(), await unsubscribed.text()).toBe(200);

  // The list starts empty; naming a campaign opens its composer on a draft.
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Campaign', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Campaign', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  // §3 the team's autoLinkUtm, kept with the company.
  const utm = page.locator('sl-switch').filter({ hasText: 'Add UTM parameters to the links of campaigns' });
  await expect(utm).not.toHaveAttribute('checked');
  await utm.locator('[part~="control"]').click();
  await expect(page.getByText('Campaign links will carry UTM parameters.')).toBeVisible();
  await page.reload();
  await expect(utm).toHaveAttribute('checked');
  // A category to file it under (§2 Campaign Category); a name is taken once.
  await page.getByRole('link', { name: 'Campaign Category' }).first().click();
  await expect(page.getByRole('heading', { name: 'Campaign Category', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No categories yet' })).toBeVisible();
  const newCategory = page.getByRole('form', { name: 'Category name' });
  await newCategory.getByLabel('Category name').fill('Newsletters');
  await newCategory.getByRole('button', { name: 'Add category' }).click();
  // The first is added before the same name is tried again (a click while it is stored does nothing).
  await expect(page.getByRole('table', { name: 'Categories' })).toContainText('Newsletters');
  await newCategory.getByLabel('Category name').fill('newsletters');
  await newCategory.getByRole('button', { name: 'Add category' }).click();
  await expect(newCategory.getByText('A category with this name already exists')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row')).toHaveCount(2);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'campaign list' }).click();

  const newCampaign = page.getByRole('form', { name: 'New campaign' });
  await newCampaign.getByRole('button', { name: 'Create and compose' }).click();
  await expect(newCampaign.getByText('Enter the campaign name')).toBeVisible();
  await newCampaign.getByLabel('Campaign name').fill('December news');
  await newCampaign.getByRole('button', { name: 'Create and compose' }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+$/);
  await expect(page.getByRole('heading', { name: 'December news' })).toBeVisible();

  // The ready check names what is missing; the new content already has the unsubscribe footer.
  const ready = page.getByTestId('ready-check');
  await expect(ready).toContainText('Add a subject');
  await expect(ready).toContainText('Choose a validated sender');
  await expect(ready).toContainText('Choose the labels or segments to send to');
  await expect(ready).toContainText('Add the content');
  await expect(page.getByRole('button', { name: 'Send now' })).toHaveCount(0);

  const tick = (group: string, label: string) =>
    page
      .getByRole('group', { name: group })
      .locator('sl-checkbox')
      .filter({ hasText: label })
      .locator('[part~="control"]')
      .click();
  const settings = page.getByRole('form', { name: 'Campaign settings' });
  await settings.getByLabel('Subject').fill('News for {{firstname}}');
  await choose(settings, 'Sender', `Shop News <hello@${domain}>`);
  await choose(settings, 'Category (optional)', 'Newsletters');
  // §2: Ctrl+S on a compose page saves its settings.
  await settings.getByLabel('Subject').press('Control+s');
  await expect(page.getByText('The settings are saved.')).toBeVisible();

  await tick('Send to labels', 'VIP');
  await expect(page.getByTestId('recipient-count')).toHaveText('50 contacts will receive it.');
  await tick('Leave out labels', 'VIP');
  await expect(page.getByTestId('recipient-count')).toHaveText('0 contacts will receive it.');
  await tick('Leave out labels', 'VIP');
  await expect(page.getByTestId('recipient-count')).toHaveText('50 contacts will receive it.');

  // Vouchers (§7 /utils/vouchers): the label first (§5), then one code for each of its contacts.
  const vouchers = page.getByRole('form', { name: 'New voucher list' });
  await vouchers.getByLabel('New voucher list name').fill('December codes');
  await choose(vouchers, 'Recipient label', 'Choose a label');
  await vouchers.getByRole('button', { name: 'Generate codes' }).click();
  await expect(page.getByText('The recipient label must be set before generating vouchers')).toBeVisible();
  await choose(vouchers, 'Recipient label', 'VIP');
  await vouchers.getByLabel('Code prefix (optional)').fill('dec-');
  await vouchers.getByRole('button', { name: 'Generate codes' }).click();
  await expect(page.getByText('51 codes are ready.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Voucher list' })).toHaveValue(/\d+/);

  // The block editor on the campaign's own design: its Save stores the content on the campaign.
  const editor = page.locator('email-editor');
  await expect(editor.getByTestId('canvas').locator('[data-block-type="html"]')).toBeVisible({
    timeout: 30_000,
  });
  await expect(editor.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  // Two columns by drag and drop (§3 row, column and sub-column): a greeting with a merge tag on
  // the left, a button on the right.
  await dragBlock(page, 'row');
  const columns = editor.getByTestId('canvas').getByTestId('column');
  await expect(columns).toHaveCount(2);
  await dragBlock(page, 'text', columns.nth(0));
  await expect(editor.getByTestId('settings-place')).toHaveText(/In column 1 of a row/);
  const greeting = columns.nth(0).locator('[data-testid="rich-text"][contenteditable="true"]');
  await greeting.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Two columns for you, ');
  await columns.nth(0).getByLabel('Insert merge tag').selectOption('firstname');
  await expect(greeting).toContainText('Two columns for you, {{firstname}}');
  await dragBlock(page, 'button', columns.nth(1));
  await expect(editor.getByTestId('settings-place')).toHaveText(/In column 2 of a row/);
  // The button is for wide screens only: on a phone the greeting stands alone.
  const blockSettings = editor.getByTestId('settings');
  await blockSettings
    .locator('sl-switch', { hasText: 'Hide on mobile' })
    .locator('[part~="control"]')
    .click();
  await expect(blockSettings.getByRole('switch', { name: 'Hide on mobile' })).toBeChecked();
  await editor.getByRole('toolbar').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The content is saved.')).toBeVisible();
  await expect(ready).toHaveText('Ready to send: nothing is missing.');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'campaign-composer');

  // §6: the operator turns on HTML download for the company; the content comes as a file.
  await expect(page.getByRole('button', { name: 'Download HTML' })).toHaveCount(0);
  runAdminIn(engine.dataDir, 'set-toggle', '--email', email, '--toggle', 'htmlDownload', '--value', 'on');
  await page.reload();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download HTML' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^campaign-\d+\.html$/);
  expect(await readFile((await download.path()) ?? '', 'utf8')).toContain('data-msys-unsubscribe="1"');
  await expect(ready).toHaveText('Ready to send: nothing is missing.');

  // A test to the user, with "[Test]" before the subject; the campaign stays a draft.
  await page.getByLabel('Test addresses').fill(email);
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(page.getByText('The test is on its way to 1 address.')).toBeVisible();
  await expect
    .poll(() => deliveredTo(engine, email), { timeout: 30_000 })
    .toContainEqual(expect.stringMatching(/^\[Test\] News for \| [\s\S]*Unsubscribe/));

  // Send now, after a confirmation naming the count; the page follows the send until it is over.
  await page.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.locator('sl-dialog[open]');
  await expect(dialog).toContainText('Send December news now to 50 contacts?');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  const progress = page.getByTestId('campaign-progress');
  await expect(progress).toContainText('Sent', { timeout: 30_000 });
  await expect(progress).toContainText('50 recipients queued');
  // Each of the 50 got it once, with its own first name in the subject and in the two columns,
  // one-click List-Unsubscribe and its own view-in-browser link; the one who unsubscribed and the
  // one outside the label got nothing.
  for (const to of readers) {
    const name = to.split('@')[0];
    await expect
      .poll(() => deliveredTo(engine, to), { timeout: 30_000 })
      .toEqual([expect.stringMatching(new RegExp(`^News for ${name} \\| [\\s\\S]*Unsubscribe`))]);
    const [mail] = await receivedBy(engine, to);
    const header = (key: string) => mail?.headerLines.find((line) => line.key === key)?.line ?? '';
    expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+>/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(String(mail?.html)).toContain(`Two columns for you, ${name}`);
    expect(String(mail?.html)).toMatch(/mj-column-per-50[\s\S]*mj-column-per-50/);
    const view = /<a[^>]*href="([^"]+)"[^>]*>View in browser<\/a>/.exec(String(mail?.html))?.[1] ?? '';
    expect(view.replaceAll('&#x2F;', '/')).toMatch(/\/email\/view\/[^/]+-[^/]+\./);
  }
  expect(await deliveredTo(engine, dee ?? '')).toEqual([]);
  expect(await deliveredTo(engine, cy ?? '')).toEqual([]);

  // The mail as a phone and a desktop show it: the button of column 2 only on the desktop.
  const mailPage = await browser.newPage();
  await mailPage.setContent(await deliveredHtml(engine, ana ?? ''));
  const button = mailPage.getByRole('link', { name: 'Shop now' });
  for (const [width, shown] of [
    [375, false],
    [800, true],
  ] as const) {
    await mailPage.setViewportSize({ width, height: 900 });
    await expect(mailPage.getByText(/^Two columns for you, /)).toBeVisible();
    await expect(button).toBeVisible({ visible: shown });
  }
  await mailPage.close();

  // Ana follows the unsubscribe link of her mail: the tracked click unsubscribes her and lands on
  // the page that says so; the report counts the deliveries, her click (a read too) and her leaving.
  const html = await deliveredHtml(engine, ana ?? '');
  const unsubscribe =
    /<a[^>]*href="([^"]+)"[^>]*>Unsubscribe<\/a>/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
  expect(unsubscribe).not.toBe('');
  // A person's browser (headless Chromium says so in its user agent, which is a machine's click), and
  // not within seconds of the delivery (a scanner's): the engine's machine rules.
  const person = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  const reader = await person.newPage();
  await reader.waitForTimeout(5_500);
  await reader.goto(unsubscribe);
  await expect(reader.getByText('You will receive no more marketing mail')).toBeVisible();
  await person.close();
  const report = page.getByTestId('campaign-report');
  const tile = (label: string) =>
    report.locator('.campaign-totals > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect
    .poll(
      async () => {
        await report.getByRole('button', { name: 'Refresh' }).click();
        return `${await tile('Delivered').locator('dd').textContent()} / ${await tile('Unsubscribed').locator('dd').textContent()}`;
      },
      { timeout: 30_000 },
    )
    .toBe('50 (100%) / 1 (2%)');
  await expect(tile('Clicked').locator('dd')).toHaveText('1 (2%)');
  // The first 48 hours as a chart, its numbers in a table.
  await expect(report.getByTestId('report-timeline').getByRole('img')).toHaveAttribute(
    'aria-label',
    'The first 48 hours: 50 delivered, 1 opened, 1 clicked',
  );
  await expect(report.getByTestId('report-timeline').locator('.uplot')).toBeVisible();
  await expect(tile('Opened').locator('dd')).toHaveText('1 (2%)');
  await expect(report.getByRole('table', { name: 'Links clicked' })).toContainText('/unsubscribe');
  await report.getByLabel('Recipients who').selectOption('unsubscribed');
  await expect(report.getByRole('table', { name: 'Unsubscribed recipients' })).toContainText(ana ?? '');
  // The whole list as a file, written in the background like the Contact Book's exports.
  await report.getByRole('button', { name: 'Export', exact: true }).click();
  const exported = (await exportFromNotification(page, 'Your contact export is ready: 1 contact.')).split(
    '\r\n',
  );
  expect(exported.filter((line) => line.includes('@'))).toEqual([
    expect.stringMatching(new RegExp(`^${ana},ana,`)),
  ]);
  await page.keyboard.press('Escape');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'campaign-report');
  await expect
    .poll(
      async () =>
        (await (await request.get(`/v1/contacts/find?email=${ana}`, { headers })).json()).data?.status,
      {
        timeout: 30_000,
      },
    )
    .toBe('unsubscribed');

  // Bo opens his mail in the browser and, from it, his subscription: he leaves the label.
  const boHtml = await deliveredHtml(engine, bo ?? '');
  const linkNamed = (name: string) =>
    (new RegExp(`<a[^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(boHtml)?.[1] ?? '')
      .replaceAll('&#x2F;', '/')
      .replaceAll('&amp;', '&');
  const viewerContext = await browser.newContext();
  const viewer = await viewerContext.newPage();
  await viewer.goto(linkNamed('View in browser'));
  await expect(viewer).toHaveTitle(`News for ${bo?.split('@')[0]}`);
  await viewer.getByRole('link', { name: 'Manage preferences' }).click();
  await expect(viewer.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  await expect(viewer.getByText(`The subscription of ${bo}.`)).toBeVisible();
  const listBox = viewer.getByRole('checkbox', { name: 'VIP' });
  await expect(listBox).toBeChecked();
  expect(await axeViolations(viewer)).toEqual([]);
  await screenshots(viewer, 'campaign-reader-preferences');
  await listBox.uncheck();
  await viewer.getByRole('button', { name: 'Save my choices' }).click();
  await expect(viewer.getByRole('status')).toHaveText('Your choices are saved.');
  await expect(listBox).not.toBeChecked();
  const boContact = async () =>
    (await (await request.get(`/v1/contacts/find?email=${bo}`, { headers })).json()).data;
  expect((await boContact()).labels).toEqual([]);
  expect((await boContact()).status).toBe('subscribed');
  // The campaign's label stays on offer: he joins it back.
  await listBox.check();
  await viewer.getByRole('button', { name: 'Save my choices' }).click();
  await expect(listBox).toBeChecked();
  expect((await boContact()).labels.map((label: { name: string }) => label.name)).toEqual(['VIP']);
  await viewerContext.close();

  // The list shows it sent; a copy is a new draft.
  await page.getByRole('link', { name: 'All campaigns' }).click();
  const row = page.getByRole('row').filter({ hasText: 'December news' });
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Copy of December news' })).toContainText('Draft');
  await choose(page, 'Category', 'Newsletters');
  await expect(page).toHaveURL(/category=\d+/);
  await expect(page.getByRole('table', { name: 'Campaigns' }).getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('row').filter({ hasText: 'December news' }).first()).toContainText(
    'Newsletters',
  );
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'campaign-list');

  // The copy is scheduled in two days, then taken back to a draft.
  await page.getByRole('link', { name: 'Copy of December news' }).click();
  await expect(ready).toHaveText('Ready to send: nothing is missing.');
  const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Send at').fill(`${inTwoDays}T09:30`);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(progress).toContainText('Scheduled');
  await expect(progress).toContainText(`${inTwoDays} 09:30 (UTC+07:00)`);
  await page.getByRole('button', { name: 'Back to draft' }).click();
  await expect(page.getByRole('form', { name: 'Campaign settings' })).toBeVisible();

  // Home sums it up: the campaign sent, its rates, and the hour Ana read it as the peak time.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Home', exact: true })
    .click();
  const stats = page.getByTestId('campaign-stats');
  await expect(stats.locator('.campaign-totals > div').filter({ hasText: 'Campaigns sent' })).toContainText(
    '1',
  );
  await expect(stats.locator('.campaign-totals > div').filter({ hasText: 'Open rate' })).toContainText('2%');
  await expect(stats.getByRole('region', { name: 'Recently sent' })).toContainText('December news');
  await expect(page.getByTestId('peak-time')).toContainText('Your recipients open most between');
  // The email limit as it stands now: the 50 campaign mails and the test count.
  await expect(stats.getByText(/^Email limit: 51 of [\d,]+ used this period\.$/)).toBeVisible();
  // The mission's first step is done by the campaign sent.
  await expect(
    page.locator('.mission-steps li').filter({ hasText: 'Send your first email' }),
  ).toHaveAttribute('data-done', 'true');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'campaign-home');
});
