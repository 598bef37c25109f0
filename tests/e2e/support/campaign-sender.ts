import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { linkDeliveredTo } from './email-editor.ts';
import type { EngineServer } from './engine-server.ts';
import { verifiedSendingDomain } from './verified-domain.ts';

// What the campaign and A/B test journeys start from: a production company's verified domain, its
// SPF naming the platform, and a sender confirmed from its mail; contacts in labels through the API.

/** The platform's SMTP host name, which the domain's SPF record allows. */
export const platformHost = 'mail.platform.test';

type Headers = { authorization: string };

/** The domain verified (DKIM and SPF), its mail routed to the test receiver, and "Shop News <hello@domain>" confirmed. */
export async function validatedCampaignSender(
  page: Page,
  request: APIRequestContext,
  engine: EngineServer,
  headers: Headers,
  domain: string,
): Promise<void> {
  await verifiedSendingDomain(request, engine, headers, domain);
  engine.dns.set(domain, {
    MX: [{ exchange: `mx.${domain}`, priority: 10 }],
    TXT: [`v=spf1 a:${platformHost} ~all`],
  });
  const spf = await request.post(`/api/v1/sending-domains/${domain}/verify`, {
    headers,
    data: { spf_verify: true },
  });
  expect((await spf.json()).results.spf_status).toBe('valid');
  const sender = await request.post('/v1/senders', {
    headers,
    data: { email: `hello@${domain}`, name: 'Shop News' },
  });
  expect(sender.status(), await sender.text()).toBe(201);
  await page.goto((await linkDeliveredTo(engine, `hello@${domain}`, '/sender/validate/')).href);
  await page.getByRole('button', { name: 'Confirm sender' }).click();
  await expect(page.getByText(/is confirmed/)).toBeVisible();
}

/** Contacts (first name: the address's local part) in a new label, through the API the Contact Book uses. */
export async function labelWith(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  emails: string[],
) {
  const ids: string[] = [];
  for (const email of emails) {
    const made = await request.post('/v1/contacts', {
      headers,
      data: { email, firstname: email.split('@')[0] },
    });
    expect(made.status(), await made.text()).toBe(201);
    ids.push((await made.json()).data.id);
  }
  const label = await request.post('/v1/contacts/label', { headers, data: { name } });
  const labelId = (await label.json()).data.id;
  const added = await request.post(`/v1/contacts/label/${labelId}/members`, {
    headers,
    data: { contactIds: ids },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

/** Every message the receiver got for `to`, parsed (subject, text, html, headers). */
export async function receivedBy(engine: EngineServer, to: string) {
  const received = engine.receiver.messages.filter((message) => message.rcptTo.includes(to));
  return Promise.all(received.map((message) => simpleParser(message.raw)));
}

/** The subject and text of every message the receiver got for `to`. */
export async function deliveredTo(engine: EngineServer, to: string): Promise<string[]> {
  return (await receivedBy(engine, to)).map((parsed) => `${parsed.subject} | ${parsed.text}`);
}
