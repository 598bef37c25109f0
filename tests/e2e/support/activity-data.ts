import { type APIRequestContext, expect, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { verpAddress, verpKey } from '../../../server/src/engine/bounces/verp.ts';
import { runAdmin } from '../helpers.ts';

/** Who got what: the mail the Activity spec sends through the real engine, and its ids. */
export interface ActivityData {
  shopDomain: string;
  newsDomain: string;
  alphaDomain: string;
  betaDomain: string;
  ann: string;
  carl: string;
  bob: string;
  dora: string;
  invoiceTransmission: string;
  newsTransmission: string;
  bouncedTransmission: string;
  annMessage: string;
  doraMessage: string;
}

interface EngineEvent {
  type: string;
  rcpt_to: string;
  message_id?: string;
}

/** A delivery status notification (RFC 3464) for `verp`, as the recipient's server sends it back. */
function hardBounce(verp: string, recipient: string): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
    `To: ${verp}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn"',
    '',
    '--dsn',
    'Content-Type: text/plain',
    '',
    'Your message could not be delivered.',
    '',
    '--dsn',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example.net',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    'Action: failed',
    'Status: 5.1.1',
    `Diagnostic-Code: smtp; 550 5.1.1 <${recipient}>: Recipient address rejected: User unknown`,
    '',
    '--dsn--',
    '',
  ].join('\r\n');
}

/**
 * Mail of the signed-in production account through the real engine (capture mode): invoices from
 * one sending domain to a To and a CC recipient, a newsletter campaign from another domain, an
 * invoice that bounces (a DSN to the inbound MX, as a receiving server would send it), and an open
 * and a click of the first invoice (its tracked pixel and link).
 */
export async function sendActivityMail(page: Page, request: APIRequestContext): Promise<ActivityData> {
  const id = Date.now().toString(36);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { authorization: `Bearer ${token}` };
  const me = await (await request.get('/v1/me', { headers })).json();
  const shopDomain = `shop-${id}.e2e.test`;
  const newsDomain = `news-${id}.e2e.test`;
  for (const domain of [shopDomain, newsDomain]) {
    runAdmin('add-sending-domain', '--email', me.data.email, '--domain', domain, '--verified');
  }
  const alphaDomain = `alpha-${id}.e2e.test`;
  const betaDomain = `beta-${id}.e2e.test`;
  const ann = `ann@${alphaDomain}`;
  const carl = `carl@${betaDomain}`;
  const bob = `bob@${betaDomain}`;
  const dora = `dora@${alphaDomain}`;

  const send = async (body: object) => {
    const response = await request.post('/api/v1/transmissions', { headers, data: body });
    expect(response.ok(), await response.text()).toBe(true);
    return String((await response.json()).results.id);
  };
  const invoiceTransmission = await send({
    recipients: [{ address: { email: ann } }, { address: { email: carl, header_to: ann } }],
    content: {
      from: { email: `orders@${shopDomain}`, name: 'Shop' },
      subject: 'Invoice 1001',
      headers: { CC: carl },
      html: '<p>Your invoice. <a href="https://shop.example/invoices/1001">See it online</a></p>',
      text: 'Your invoice.',
    },
  });
  const newsTransmission = await send({
    campaign_id: 'weekly',
    recipients: [{ address: { email: bob } }],
    content: { from: `news@${newsDomain}`, subject: 'Weekly news', text: 'This week.' },
  });
  const bouncedTransmission = await send({
    recipients: [{ address: { email: dora } }],
    content: { from: `orders@${shopDomain}`, subject: 'Invoice 1002', text: 'Your invoice.' },
  });

  // Captured (delivered) by the workers.
  const events = async (query: string) => {
    const response = await request.get(`/api/v1/events/message?${query}`, { headers });
    return (await response.json()).results as EngineEvent[];
  };
  await expect
    .poll(async () => (await events(`events=delivery&sending_domains=${shopDomain},${newsDomain}`)).length, {
      timeout: 60_000,
      message: 'the four messages are delivered',
    })
    .toBe(4);
  const injections = await events(`events=injection&sending_domains=${shopDomain}`);
  const messageOf = (rcpt: string) => injections.find((event) => event.rcpt_to === rcpt)?.message_id ?? '';
  const annMessage = messageOf(ann);
  const doraMessage = messageOf(dora);

  // Dora's server refuses the invoice after accepting it: its DSN comes back to the VERP address.
  const verp = verpAddress(verpKey(process.env.E2E_SECRET ?? ''), doraMessage, 'bounces.e2e.test');
  const mx = nodemailer.createTransport({
    host: '127.0.0.1',
    port: Number(process.env.E2E_MX_PORT),
    secure: false,
    ignoreTLS: true,
  });
  await mx.sendMail({ envelope: { from: '', to: [verp] }, raw: hardBounce(verp, dora) });
  mx.close();

  // Ann opens the invoice and clicks its link: the tracked pixel and link of the stored content.
  const content = await (await request.get(`/v1/activity/messages/${annMessage}`, { headers })).json();
  const html = String(content.data?.html ?? '');
  const pixel = html.match(/https?:\/\/[^"'\s>]+\/q\/[^"'\s>]+/)?.[0];
  const link = html.match(/https?:\/\/[^"'\s>]+\/f\/[^"'\s>]+/)?.[0];
  expect(pixel, 'the invoice has an open pixel').toBeTruthy();
  expect(link, 'the invoice has a tracked link').toBeTruthy();
  const userAgent = { 'user-agent': 'Mozilla/5.0 (E2E Mail Reader)' };
  await request.get(pixel ?? '', { headers: userAgent });
  await request.get(link ?? '', { headers: userAgent, maxRedirects: 0 });
  await expect
    .poll(
      async () => (await events(`events=out_of_band,open,click&recipient_domains=${alphaDomain}`)).length,
      {
        timeout: 30_000,
        message: 'the bounce, the open and the click are recorded',
      },
    )
    .toBeGreaterThanOrEqual(3);

  return {
    shopDomain,
    newsDomain,
    alphaDomain,
    betaDomain,
    ann,
    carl,
    bob,
    dora,
    invoiceTransmission,
    newsTransmission,
    bouncedTransmission,
    annMessage,
    doraMessage,
  };
}
