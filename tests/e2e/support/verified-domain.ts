import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { EngineServer } from './engine-server.ts';

/** The console session's bearer header, for calling /api/v1 as the signed-in user. */
export async function sessionHeaders(page: Page): Promise<{ authorization: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return { authorization: `Bearer ${token}` };
}

/**
 * A sending domain added and DKIM-verified through the engine API, its record published in the test
 * DNS (support/engine-server.ts): production sends need their From domain verified.
 */
export async function verifiedSendingDomain(
  request: APIRequestContext,
  engine: EngineServer,
  headers: { authorization: string },
  domain: string,
): Promise<void> {
  const created = await request.post('/api/v1/sending-domains', { headers, data: { domain } });
  expect(created.ok(), await created.text()).toBe(true);
  const shown = await (await request.get(`/api/v1/sending-domains/${domain}`, { headers })).json();
  engine.dns.set(shown.results.dns.dkim_record, { TXT: [shown.results.dns.dkim_value] });
  const verified = await request.post(`/api/v1/sending-domains/${domain}/verify`, {
    headers,
    data: { dkim_verify: true },
  });
  expect((await verified.json()).results.dkim_status).toBe('valid');
}
