import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { EngineServer } from './engine-server.ts';

/**
 * Mail for the analytics journey, sent through the real engine: a sending domain added and
 * DKIM-verified against the test DNS, an API key, then one transmission per recipient. In capture
 * mode each message is still injected and marked delivered, so the metrics count them.
 * Resolves once the Metrics API counts every message as delivered.
 */
export async function sendAnalyticsMail(
  page: Page,
  request: APIRequestContext,
  engine: EngineServer,
  input: { sendingDomain: string; recipients: string[]; campaign: string },
): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const session = { authorization: `Bearer ${token}` };
  const call = async (
    method: 'get' | 'post',
    path: string,
    headers: Record<string, string>,
    data?: object,
  ) => {
    const response = await request[method](`/api/v1${path}`, { headers, ...(data ? { data } : {}) });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };

  await call('post', '/sending-domains', session, { domain: input.sendingDomain });
  const { results } = await call('get', `/sending-domains/${input.sendingDomain}`, session);
  engine.dns.set(results.dns.dkim_record, { TXT: [results.dns.dkim_value] });
  const verified = await call('post', `/sending-domains/${input.sendingDomain}/verify`, session, {
    dkim_verify: true,
  });
  expect(verified.results.dkim_status).toBe('valid');

  const key = await call('post', '/api-keys', session, {
    label: 'analytics e2e',
    grants: ['transmissions/modify', 'metrics/view'],
  });
  const apiKey = { authorization: key.results.key as string };
  for (const address of input.recipients) {
    await call('post', '/transmissions', apiKey, {
      campaign_id: input.campaign,
      recipients: [{ address }],
      content: {
        from: `shop@${input.sendingDomain}`,
        subject: 'Your order',
        text: 'Thank you for your order.',
      },
    });
  }

  const from = new Date(Date.now() - 3_600_000).toISOString().slice(0, 16);
  await expect
    .poll(
      async () => {
        const totals = await call(
          'get',
          `/metrics/deliverability?from=${from}&metrics=count_injected,count_delivered`,
          apiKey,
        );
        return totals.results[0];
      },
      { timeout: 60_000 },
    )
    .toEqual({ count_injected: input.recipients.length, count_delivered: input.recipients.length });
}
