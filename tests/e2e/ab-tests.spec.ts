import { axeViolations, choose, runAdminIn, screenshots } from './helpers.ts';
import { deliveredTo, labelWith, platformHost, validatedCampaignSender } from './support/campaign-sender.ts';
import { deliveringProductionAccount, dragBlock } from './support/email-editor.ts';
import { expect, test } from './support/engine-server.ts';
import { sessionHeaders } from './support/verified-domain.ts';

// A/B tests (issue 25, §2 A/B Test Email) in the full variant: composed in the console, the versions
// delivered to the test share, the winner picked by hand (§4) and delivered to the rest.
test.use({
  engineOptions: { env: { APP_VARIANT: 'full', SMTP_HOSTNAME: platformHost, MAIL_MODE: 'deliver' } },
  actionTimeout: 20_000,
});
test.setTimeout(180_000);

test('A/B test: two subjects tried on half the readers, then the one picked sent to the rest, each reader once', async ({
  page,
  request,
  engine,
}) => {
  const { domain } = await deliveringProductionAccount(page, request, engine, 'abtests');
  const headers = await sessionHeaders(page);
  await validatedCampaignSender(page, request, engine, headers, domain);
  const readers = Array.from({ length: 10 }, (_, n) => `reader${n}@${domain}`);
  await labelWith(request, headers, 'Readers', readers);

  // A new company's FREE plan has no A/B testing: the menu has no A/B Test Email until the operator
  // gives it §9's sample plan.
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Campaign', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'A/B Test Email' })).toHaveCount(0);
  runAdminIn(engine.dataDir, 'set-plan', '--email', `owner@${domain}`, '--plan', 'PROFESSIONAL');
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'A/B Test Email' })
    .click();
  await expect(page.getByRole('heading', { name: 'A/B Test Email', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No A/B tests yet' })).toBeVisible();
  const newTest = page.getByRole('form', { name: 'New A/B test' });
  await newTest.getByLabel('A/B test name').fill('Subject duel');
  await newTest.getByRole('button', { name: 'Create and compose' }).click();
  await expect(page).toHaveURL(/\/ab-test\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Subject duel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All A/B tests' })).toBeVisible();

  const settings = page.getByRole('form', { name: 'Campaign settings' });
  await settings.getByLabel('Subject').fill('Hello {{firstname}}');
  await choose(settings, 'Sender', `Shop News <hello@${domain}>`);
  await settings.getByLabel('Subject').press('Control+s');
  await expect(page.getByText('The settings are saved.')).toBeVisible();
  await page
    .getByRole('group', { name: 'Send to labels' })
    .locator('sl-checkbox')
    .filter({ hasText: 'Readers' })
    .locator('[part~="control"]')
    .click();
  await expect(page.getByTestId('recipient-count')).toHaveText('10 contacts will receive it.');
  const editor = page.locator('email-editor');
  await expect(editor.getByTestId('canvas').locator('[data-block-type="html"]')).toBeVisible({
    timeout: 30_000,
  });
  await editor.getByRole('toolbar').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The content is saved.')).toBeVisible();

  // Version B must change something; a share that leaves the winner nobody is refused (§8's words).
  const ready = page.getByTestId('ready-check');
  await expect(ready).toContainText('Each version changes the subject, the sender name or the content');
  const abForm = page.getByRole('form', { name: 'A/B test settings' });
  await abForm.getByLabel('Version B subject').fill('Big news for {{firstname}}');
  await abForm.getByLabel('Test share (%)').fill('100');
  await abForm.getByRole('button', { name: 'Save the A/B test' }).click();
  await expect(abForm.getByText('The A/B test winner cannot be 0%')).toBeVisible();
  await abForm.getByLabel('Test share (%)').fill('50');
  await abForm.getByLabel('Wait before the winner (hours)').fill('2');
  await abForm.getByRole('button', { name: 'Save the A/B test' }).click();
  await expect(page.getByText('The A/B test settings are saved.')).toBeVisible();
  // Version B's own content: a copy of A's, with a text block more.
  await choose(page, 'Compose the content of', 'Version B');
  await page.getByRole('button', { name: 'Give version B its own content' }).click();
  await expect(page.getByText("Version B has its own content now, a copy of A's to change.")).toBeVisible();
  await expect(editor.getByTestId('canvas').locator('[data-block-type="html"]')).toBeVisible({
    timeout: 30_000,
  });
  await dragBlock(page, 'text');
  await editor.getByRole('toolbar').getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The content of version B is saved.')).toBeVisible();
  await expect(abForm.getByText('Version B has its own content (in the Content panel).')).toBeVisible();
  await expect(ready).toHaveText('Ready to send: nothing is missing.');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'ab-test-composer');

  // Sent: half the readers get the test, the two subjects in turn; then it waits for the winner.
  await page.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.locator('sl-dialog[open]');
  await expect(dialog).toContainText('Send Subject duel now to 10 contacts?');
  await dialog.getByRole('button', { name: 'Send now' }).click();
  const results = page.getByRole('table', { name: 'Versions' });
  await expect(
    page.getByText(/The test ends .*; then the version with the best click rate goes to the rest\./),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('button', { name: 'Back to draft' })).toHaveCount(0);
  const subjects = async () =>
    (await Promise.all(readers.map((to) => deliveredTo(engine, to))))
      .flat()
      .map((mail) => mail.split(' |')[0]);
  await expect.poll(async () => (await subjects()).length, { timeout: 30_000 }).toBe(5);
  const test = await subjects();
  expect(test.filter((subject) => subject?.startsWith('Hello reader'))).toHaveLength(3);
  expect(test.filter((subject) => subject?.startsWith('Big news for reader'))).toHaveLength(2);
  // Each version with its own content: B's text block is in B's mails only.
  const mails = (await Promise.all(readers.map((to) => deliveredTo(engine, to)))).flat();
  const withText = (mail: string) => mail.includes('Thanks for being with us');
  expect(mails.filter((mail) => mail.startsWith('Big news')).every(withText)).toBe(true);
  expect(mails.filter((mail) => mail.startsWith('Hello reader')).some(withText)).toBe(false);
  await expect(results.getByRole('row')).toHaveCount(3);
  await expect(results.getByRole('row').filter({ hasText: 'Big news for {{firstname}}' })).toContainText('2');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'ab-test-results');

  // §4 pick winner: version B goes to the other half now, each reader once in all.
  await results.getByRole('button', { name: 'Send version B to the rest' }).click();
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Send it now' }).click();
  await expect(page.getByTestId('campaign-progress')).toContainText('Sent', { timeout: 30_000 });
  await expect.poll(async () => (await subjects()).length, { timeout: 30_000 }).toBe(10);
  for (const to of readers) expect(await deliveredTo(engine, to)).toHaveLength(1);
  expect((await subjects()).filter((subject) => subject?.startsWith('Big news'))).toHaveLength(7);
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await expect(page.getByText('Version B, picked by hand, went to the rest.')).toBeVisible();
  await expect(results.getByRole('row').filter({ hasText: 'Winner' })).toContainText('Big news');

  // The list of A/B tests shows it sent; the campaign list does not show it.
  await page.getByRole('link', { name: 'All A/B tests' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Subject duel' })).toContainText('Sent');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Campaign', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
});
