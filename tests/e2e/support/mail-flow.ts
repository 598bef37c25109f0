import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { runAdmin } from '../helpers.ts';

/** The signed-in console user's email (the account productionAccount made). */
export async function signedInEmail(page: Page, request: APIRequestContext): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const me = await request.get('/v1/me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.ok(), await me.text()).toBe(true);
  return ((await me.json()) as { data: { email: string } }).data.email;
}

/**
 * What a production account needs to send through /api/v1: a sending domain the operator vouches
 * for and an API key (both through the operator CLI, as an operator would set them up).
 */
export function productionSender(email: string, domain: string): string {
  runAdmin('add-sending-domain', '--email', email, '--domain', domain, '--verified');
  const printed = runAdmin('create-api-key', '--email', email, '--label', 'e2e sender');
  const key = printed.trim().split('\n').at(-1) ?? '';
  expect(key).toMatch(/^[0-9a-f]{40}$/);
  return key;
}

/** Sends one transmission to `recipients`; answers the accepted count. */
export async function sendMail(
  request: APIRequestContext,
  key: string,
  from: string,
  recipients: string[],
): Promise<number> {
  const answer = await request.post('/api/v1/transmissions', {
    headers: { authorization: key },
    data: {
      recipients: recipients.map((email) => ({ address: { email } })),
      content: { from, subject: 'Order shipped', text: 'Your order is on its way.' },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { results: { total_accepted_recipients: number } }).results
    .total_accepted_recipients;
}
