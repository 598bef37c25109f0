import { expect, test } from '@playwright/test';
import { axeViolations, runAdmin, screenshots } from './helpers.ts';
import { productionSender, sendMail, signedInEmail } from './support/mail-flow.ts';
import { productionAccount } from './support/production-account.ts';

test('usage monitoring: the quotas the API reports, ∞ for unlimited, periods, the daily chart', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  await productionAccount(page, request, 'usage', 'Usage Co');
  const email = await signedInEmail(page, request);
  const key = productionSender(email, 'usage-shop.example');
  const recipients = ['a@mail.example', 'b@mail.example', 'c@mail.example'];
  expect(await sendMail(request, key, 'orders@usage-shop.example', recipients)).toBe(3);

  const token = await page.evaluate(() => localStorage.getItem('token'));
  const usage = (
    await (await request.get('/v1/usage', { headers: { authorization: `Bearer ${token}` } })).json()
  ).data;
  expect(usage.email.usage).toBe(3);
  // The chart reads the metric rollups: wait until they hold the sends.
  const injected = async () => {
    const analytic = await request.get('/v1/usage/analytic?status=Injection', {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await analytic.json()).data.totals.count_injected;
  };
  await expect.poll(injected).toBe(3);

  await page.goto('/usage-monitoring');
  await expect(page.getByRole('heading', { name: 'Usage Monitoring', exact: true })).toBeVisible();
  const monthly = region('Emails this month');
  await expect(monthly).toContainText(`${usage.email.usage} / ${usage.email.quota.toLocaleString('en-US')}`);
  await expect(monthly.getByRole('progressbar', { name: 'Emails this month: 0% used' })).toBeVisible();
  // The period in the §9 display date, as UTC months.
  const start = new Date(usage.email.periodStart);
  const month = start.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  await expect(monthly).toContainText(`01 ${month} ${start.getUTCFullYear()} – `);
  // The FREE plan has no daily limit: shown as ∞, without a bar.
  const daily = region('Emails today');
  await expect(daily).toContainText(`${usage.daily.usage} / ∞`);
  await expect(daily.getByRole('progressbar')).toHaveCount(0);
  await expect(region('Bulk emails this month')).toContainText('Not in your plan');
  await expect(region('Plan')).toContainText(usage.email.plan);
  // Nowhere near the quota: no warning.
  await expect(page.getByText('nearing the quota')).toHaveCount(0);

  // The daily chart (uPlot, loaded when the chart nears the viewport) and its numbers as a table.
  const chart = region('Daily usage');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart).toContainText('Total: 3.');
  await chart.getByText('Show the numbers per day').click();
  const today = new Date();
  const todayText = `${String(today.getUTCDate()).padStart(2, '0')} ${today.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })} ${today.getUTCFullYear()}`;
  await expect(chart.getByRole('row').filter({ hasText: todayText })).toContainText('3');
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'usage-monitoring');

  // Near the monthly quota (2,400 of 3,000 sent): a warning; all of it: a danger notice.
  const many = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, n) => `${prefix}${n}@mail.example`);
  expect(await sendMail(request, key, 'orders@usage-shop.example', many(2397, 'bulk'))).toBe(2397);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const warning = page.getByRole('alert').filter({ hasText: 'Emails this month: nearing the quota' });
  await expect(warning).toContainText('80% used (2,400 of 3,000)');
  await expect(region('Emails this month')).toContainText('Nearly used up');
  expect(await sendMail(request, key, 'orders@usage-shop.example', many(600, 'more'))).toBe(600);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const danger = page.getByRole('alert').filter({ hasText: 'Emails this month: quota used up' });
  await expect(danger).toContainText('All 3,000 of 3,000 are used');
  await expect(region('Emails this month')).toContainText('Used up');
  await expect(warning).toHaveCount(0);
  // Refresh reads the daily sends again too, once the rollups hold them.
  await expect.poll(injected).toBe(3000);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(region('Daily usage')).toContainText('Total: 3,000.');
  // Over the quota the API refuses, as the notice says.
  const refused = await request.post('/api/v1/transmissions', {
    headers: { authorization: key },
    data: {
      recipients: [{ address: { email: 'late@mail.example' } }],
      content: { from: 'orders@usage-shop.example', subject: 'Late', text: 'Too late.' },
    },
  });
  expect(refused.status()).toBe(420);
  expect(await axeViolations(page)).toEqual([]);
  await screenshots(page, 'usage-monitoring-quota-used-up');

  // §6 profile C: the usage alone, without the plan, the chart or the add-on quota.
  runAdmin('set-console-profile', '--email', email, '--profile', 'C');
  await page.goto('/usage-monitoring');
  await expect(region('Emails this month')).toContainText('3,000 / 3,000');
  await expect(region('Plan')).toHaveCount(0);
  await expect(region('Daily usage')).toHaveCount(0);
  await expect(region('Add-on emails')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
});
