import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { capturedMailText, createConfirmedAccount, signInToConsole } from './helpers.ts';

/** A new user accepts the current policy version once after the first sign-in. */
async function acceptPolicy(page: Page): Promise<void> {
  await expect(page.getByText('accept our terms and privacy policy')).toBeVisible();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('accept our terms and privacy policy')).toBeHidden();
}

test('an admin invites a member, who joins through the mailed link and may not invite', async ({
  page,
  request,
}) => {
  const admin = await createConfirmedAccount(request, 'team-admin');
  await signInToConsole(page, admin.email, admin.password);
  await acceptPolicy(page);

  // The admin invites from the account setting's Team section.
  await page.goto('/account-setting');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Members and invitations' })).toContainText(admin.email);
  await page.getByRole('link', { name: 'Invite member' }).click();
  await expect(page).toHaveURL(/\/create-member$/);
  const member = `team-member-${Date.now()}@example.com`;
  await page.getByLabel('Email').fill(member);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${member}`)).toBeVisible();

  await page.goto('/account-setting');
  const invited = page.getByRole('row').filter({ hasText: member });
  await expect(invited).toContainText('Invited');
  await expect(invited).toContainText('Member'); // the role preselected on the invite form

  // The member opens the link of the invitation mail, not signed in.
  const link = (await capturedMailText(request, member, /invited/i)).match(
    /https?:\/\/\S+\/verify\/member\/[\w-]+/,
  )?.[0];
  if (!link) throw new Error('no invitation link in the mail');
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByText(`invited ${member} to join the team as Member`)).toBeVisible();
  await page.getByLabel('Full name').fill('Mia Member');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Member-pass1');
  await page.getByLabel('Confirm password').fill('Member-pass1');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByText(`Your account ${member} is ready`)).toBeVisible();
  await page.screenshot({ path: 'tests/test-results/team-invitation-accepted.png' });

  // A used link says so.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('already accepted');

  // The member signs in: the team is visible, inviting is not allowed and says why.
  await signInToConsole(page, member, 'Member-pass1');
  await acceptPolicy(page);
  await page.goto('/account-setting');
  await expect(page.getByRole('table', { name: 'Members and invitations' })).toContainText(admin.email);
  await expect(page.getByRole('button', { name: 'Invite member' })).toBeDisabled();
  await expect(page.getByText('Only an admin can invite members.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change role' })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: 'tests/test-results/team-member-view.png', fullPage: true });

  // And the server refuses the member's direct call.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await request.post('/v1/company/members', {
    headers: { authorization: `Bearer ${token}` },
    data: { email: `nope-${Date.now()}@example.com`, role: 'MEMBER' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    code: 'notAuthorized',
    message: 'Your role does not allow this: manage the team',
  });
  const apiKey = await request.post('/api/v1/api-keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { label: 'mine', grants: ['smtp/inject'] },
  });
  expect(apiKey.status()).toBe(403);
});
