import { expect, test } from '@playwright/test';
import { capturedMailText, createConfirmedAccount } from './helpers.ts';

test('the authorized-recipient link verifies the address without a login, once', async ({
  page,
  request,
}) => {
  const { email, password } = await createConfirmedAccount(request, 'recipient-owner');
  const signin = await (await request.post('/v1/signin', { data: { email, password } })).json();
  const headers = { authorization: `Bearer ${signin.data.accessToken}` };
  const recipient = `recipient-${Date.now()}@example.com`;
  const added = await request.post('/v1/authorized-recipient', { headers, data: { emails: [recipient] } });
  expect(added.status()).toBe(200);
  const link = (await capturedMailText(request, recipient, /.*/)).match(
    /https?:\/\/\S+\/authorized-recipient\/verify\/[\w-]+/,
  )?.[0];
  if (!link) throw new Error('no verification link in the mail');

  // The recipient is not signed in: a fresh browser page with no session.
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(`${recipient} is verified.`)).toBeVisible();
  await expect(page).toHaveTitle(/ - Verify Authorized Recipient$/);
  const listed = await (await request.get('/v1/authorized-recipient', { headers })).json();
  expect(listed.data.items).toEqual([expect.objectContaining({ email: recipient, verified: true })]);
  await page.screenshot({ path: 'tests/test-results/authorized-recipient-verified.png' });

  await page.reload();
  await expect(page.getByText(`${recipient} was already verified on`)).toBeVisible();

  await page.goto('/authorized-recipient/verify/3f1b7a52-4bb5-4c4e-9f0e-000000000000');
  await expect(page.getByRole('alert')).toContainText('This verification link is not valid');
  await page.screenshot({ path: 'tests/test-results/authorized-recipient-invalid.png' });
});
