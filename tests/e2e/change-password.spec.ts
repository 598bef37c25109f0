import { expect, test } from '@playwright/test';
import { linkIn, readCapturedMail, signIn } from './helpers.ts';

const email = `password-${Date.now()}@example.com`;
const password = 'First-pass-123';

test('change password asks for the new password twice and refuses the current one', async ({
  page,
  request,
}) => {
  await request.post('/v1/register', {
    data: { email, password, company: 'Password Co', phone: '+62 811 000 333' },
  });
  await page.goto(linkIn(await readCapturedMail(page, email, /confirm/i), '/validate'));
  await expect(page.getByText('is confirmed')).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/analytic$/);
  await page.goto('/account-setting');

  const form = page.getByRole('form', { name: 'Change Password' });
  const submit = () => form.getByRole('button', { name: 'Change password' }).click();
  await form.getByLabel('Current password').fill(password);
  await form.getByLabel('New password', { exact: true }).fill('Second-pass-456');
  await form.getByLabel('Confirm new password').fill('Second-pass-457');
  await submit();
  await expect(form.getByText('The passwords do not match')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill(password);
  await form.getByLabel('Confirm new password').fill(password);
  await submit();
  await expect(form.getByText('Choose a new password that is different from your current one')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('Second-pass-456');
  await form.getByLabel('Confirm new password').fill('Second-pass-456');
  await submit();
  await expect(form.getByText('Your password is changed.')).toBeVisible();
  await expect(form.getByLabel('Confirm new password')).toHaveValue('');
});
