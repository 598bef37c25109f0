import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveSecret } from '../../accounts/auth/secret.ts';
import { createDnsResolver } from '../../dns/resolver.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-server.ts';
import { type EngineAccount, engineAccount, engineCaller } from '../../testing/engine.ts';
import { mailauthResolver } from '../../testing/mailauth-resolver.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { messageOfVerp, verpKey } from '../bounces/verp.ts';
import { startInboundMx } from '../inbound-mx/inbound-mx.ts';
import type { DeliveryWorker } from './delivery-worker.ts';
import { createDeliveryFromConfig } from './start-delivery.ts';

const platformHost = 'mail.platform.test';
const sendingDomain = 'shop.loop.test';

/**
 * The whole loop on loopback, as the server wires it: a sending domain verified against a DNS server
 * of the test's own, a transmission delivered by the delivery workers through the real SMTP client
 * to the recipients' MX (a test receiver), DKIM-signed and with a VERP return path; bounces, retries,
 * reports sent back to the inbound MX and one-click unsubscribes all end as events and suppressions.
 */
describe.each(databases)('delivery end to end on $name', (database) => {
  let dns: TestDnsServer;
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      'dest.test': { MX: [{ exchange: 'mx.dest.test', priority: 10 }] },
      'mx.dest.test': { A: ['127.0.0.1'] },
    });
    receiver = await startSmtpReceiver({ starttls: true });
  });
  const t = useTestApp(database, () => ({
    config: {
      dnsServers: [dns.address],
      deliveryPort: receiver.port,
      publicUrl: 'https://console.platform.test',
      smtp: { host: '127.0.0.1', hostname: platformHost, tls: undefined, maxMessageBytes: 10 * 1024 * 1024 },
    },
  }));
  const call = engineCaller(t);
  let account: EngineAccount;
  let delivery: DeliveryWorker;
  let mx: { port: number; close(): Promise<void> };
  let secret: string;

  beforeAll(async () => {
    secret = await resolveSecret(t.db, t.config.secret);
    delivery = createDeliveryFromConfig({
      // The app's own mail (sign-up confirmations) stays captured; the workers deliver.
      config: { ...t.config, mail: { ...t.config.mail, mode: 'deliver' } },
      db: t.db,
      engine: t.engine,
      secret,
      clock: t.clock,
      reportError: (error) => {
        throw error;
      },
    });
    mx = await startInboundMx(
      {
        host: '127.0.0.1',
        port: 0,
        hostname: platformHost,
        key: verpKey(secret),
        maxMessageBytes: 1024 * 1024,
      },
      t.engine,
      pino({ level: 'silent' }),
    );
    account = await engineAccount(t.app, t.db, 'loop');
  });
  afterAll(async () => {
    await delivery?.stop();
    await mx?.close();
    await receiver?.close();
    await dns?.close();
  });

  /** Runs the workers until nothing is due now. */
  async function deliverDue(): Promise<void> {
    while ((await delivery.runOnce()) > 0) {
      // next batch
    }
  }

  async function send(recipients: string[], options: Record<string, unknown> = {}) {
    const response = await call(account, 'POST', '/transmissions', {
      options,
      campaign_id: 'loop',
      recipients: recipients.map((address) => ({ address })),
      content: { from: `News <news@${sendingDomain}>`, subject: 'Hello {{address.email}}', text: 'Hi there' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results.id as string;
  }

  async function eventsOf(type: string, recipient: string) {
    t.clock.advance(1000);
    const response = await call(account, 'GET', `/events/message?events=${type}&recipients=${recipient}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results as Record<string, unknown>[];
  }

  const receivedBy = (address: string) =>
    receiver.messages.filter((message) => message.rcptTo.includes(address));

  it('verifies the sending domain against DNS, naming the record that is wrong until it is right', async () => {
    const created = await call(account, 'POST', '/sending-domains', { domain: sendingDomain });
    expect(created.statusCode, created.body).toBe(200);
    const { dns: records } = (await call(account, 'GET', `/sending-domains/${sendingDomain}`)).json().results;
    dns.set(records.dkim_record, {
      TXT: ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwrong'],
    });
    const wrong = await call(account, 'POST', `/sending-domains/${sendingDomain}/verify`, {
      dkim_verify: true,
    });
    expect(wrong.json().results).toMatchObject({ dkim_status: 'invalid', ownership_verified: false });
    expect(wrong.json().results.dns.dkim_error).toContain(records.dkim_record);

    const refused = await call(account, 'POST', '/transmissions', {
      recipients: [{ address: 'early@dest.test' }],
      content: { from: `news@${sendingDomain}`, subject: 'Too early', text: 'Hi' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].code).toBe('7001');

    dns.set(records.dkim_record, { TXT: [records.dkim_value] });
    const verified = await call(account, 'POST', `/sending-domains/${sendingDomain}/verify`, {
      dkim_verify: true,
    });
    expect(verified.json().results).toMatchObject({ dkim_status: 'valid', ownership_verified: true });
  });

  it('delivers a transmission to three recipients at their MX, DKIM-signed, with a VERP return path', async () => {
    const recipients = ['ann@dest.test', 'bob@dest.test', 'cy@dest.test'];
    await send(recipients);
    await deliverDue();
    for (const recipient of recipients) {
      const [message] = receivedBy(recipient);
      expect(message, recipient).toBeDefined();
      if (!message) continue;
      expect(message.tls).toBe(true);
      expect(messageOfVerp(verpKey(secret), message.mailFrom)).toEqual(expect.any(String));
      expect(message.mailFrom.endsWith(`@${platformHost}`)).toBe(true);
      const verification = await dkimVerify(message.raw, {
        resolver: mailauthResolver(createDnsResolver([dns.address])),
      });
      expect(
        verification.results.map((result: { status: { result: string } }) => result.status.result),
      ).toEqual(['pass']);
      expect(verification.results[0]?.signingDomain).toBe(sendingDomain);
      const [event] = await eventsOf('delivery', recipient);
      expect(event).toMatchObject({
        type: 'delivery',
        rcpt_to: recipient,
        campaign_id: 'loop',
        num_retries: '0',
      });
    }
  });

  it('signs with the DKIM key options.dkim_key names, once verified: a second key signs alongside the first', async () => {
    const created = await call(account, 'POST', `/sending-domains/${sendingDomain}/dkim-keys`, {
      id: 'next',
      dkim_key_length: 1024,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { selector, dns: record } = created.json().results;
    dns.set(record.dkim_record, { TXT: [record.dkim_value] });
    const verified = await call(
      account,
      'POST',
      `/sending-domains/${sendingDomain}/dkim-keys/next/verify`,
      {},
    );
    expect(verified.json().results.dkim_status).toBe('valid');

    await send(['rotated@dest.test'], { dkim_key: 'next' });
    await send(['kept@dest.test']);
    await deliverDue();
    const signedBy = async (address: string) => {
      const [message] = receivedBy(address);
      if (!message) throw new Error(`nothing reached ${address}`);
      const verification = await dkimVerify(message.raw, {
        resolver: mailauthResolver(createDnsResolver([dns.address])),
      });
      const [result] = verification.results as { selector: string; status: { result: string } }[];
      return { selector: result?.selector, result: result?.status.result };
    };
    expect(await signedBy('rotated@dest.test')).toEqual({ selector, result: 'pass' });
    const kept = await signedBy('kept@dest.test');
    expect(kept.result).toBe('pass');
    expect(kept.selector).not.toBe(selector);
  });

  it('bounces a 550 as a hard bounce and suppresses the recipient', async () => {
    receiver.setRule('gone@dest.test', { reply: { code: 550, enhanced: '5.1.1', text: 'User unknown' } });
    await send(['gone@dest.test']);
    await deliverDue();
    const [bounce] = await eventsOf('bounce', 'gone@dest.test');
    expect(bounce).toMatchObject({ type: 'bounce', bounce_class: '10', error_code: '550' });
    expect(String(bounce?.raw_reason)).toContain('User unknown');
    const suppression = await call(account, 'GET', '/suppression-list/gone@dest.test');
    expect(suppression.json().results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ recipient: 'gone@dest.test', source: 'Bounce Rule' }),
      ]),
    );
    expect(receivedBy('gone@dest.test')).toHaveLength(0);
  });

  it('retries a 451 after the backoff and then delivers', async () => {
    receiver.setRule('busy@dest.test', {
      reply: { code: 451, enhanced: '4.7.1', text: 'Try again later' },
      times: 1,
    });
    await send(['busy@dest.test']);
    await deliverDue();
    expect(await eventsOf('delay', 'busy@dest.test')).toHaveLength(1);
    expect(receivedBy('busy@dest.test')).toHaveLength(0);
    t.clock.advance(61_000);
    await deliverDue();
    expect(receivedBy('busy@dest.test')).toHaveLength(1);
    const [delivered] = await eventsOf('delivery', 'busy@dest.test');
    expect(delivered).toMatchObject({ num_retries: '1' });
  });

  async function reportTo(returnPath: string, report: string): Promise<string> {
    const info = await nodemailer
      .createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: '', to: [returnPath] }, raw: report });
    return info.response;
  }

  it('turns a DSN sent back to the return path into out_of_band, and an ARF report into spam_complaint', async () => {
    const [ann] = receivedBy('ann@dest.test');
    const [bob] = receivedBy('bob@dest.test');
    if (!ann || !bob) throw new Error('the first test delivers to ann and bob');
    const dsn = [
      'From: MAILER-DAEMON@mx.dest.test',
      `To: ${ann.mailFrom}`,
      'Subject: Undelivered Mail',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      '',
      '--b',
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.dest.test',
      '',
      'Final-Recipient: rfc822; ann@dest.test',
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 mailbox deleted',
      '',
      '--b--',
      '',
    ].join('\r\n');
    expect(await reportTo(ann.mailFrom, dsn)).toMatch(/^250/);
    expect(await eventsOf('out_of_band', 'ann@dest.test')).toEqual([
      expect.objectContaining({ type: 'out_of_band', bounce_class: '10', rcpt_to: 'ann@dest.test' }),
    ]);

    const arf = [
      'From: fbl@isp.test',
      `To: ${bob.mailFrom}`,
      'Subject: complaint',
      'MIME-Version: 1.0',
      'Content-Type: multipart/report; report-type=feedback-report; boundary="a"',
      '',
      '--a',
      'Content-Type: message/feedback-report',
      '',
      'Feedback-Type: abuse',
      'User-Agent: ISP-FBL/1.0',
      'Version: 1',
      '',
      '--a',
      'Content-Type: text/rfc822-headers',
      '',
      `From: news@${sendingDomain}`,
      '',
      '--a--',
      '',
    ].join('\r\n');
    expect(await reportTo(bob.mailFrom, arf)).toMatch(/^250/);
    expect(await eventsOf('spam_complaint', 'bob@dest.test')).toEqual([
      expect.objectContaining({ type: 'spam_complaint', fbtype: 'abuse', rcpt_to: 'bob@dest.test' }),
    ]);
    const suppression = await call(account, 'GET', '/suppression-list/bob@dest.test');
    expect(suppression.json().results).toEqual([
      expect.objectContaining({ source: 'Spam Complaint', type: 'non_transactional' }),
    ]);
  });

  it('records a one-click unsubscribe from the List-Unsubscribe header of non-transactional mail', async () => {
    const [cy] = receivedBy('cy@dest.test');
    if (!cy) throw new Error('the first test delivers to cy');
    const headers = cy.raw.toString('latin1').split('\r\n\r\n')[0] ?? '';
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // RFC 8058: both one-click headers are covered by the DKIM signature.
    const signed = /^DKIM-Signature:[\s\S]*?\bh=([^;]+);/im
      .exec(headers)?.[1]
      ?.replace(/\s+/g, '')
      .toLowerCase();
    expect(signed?.split(':')).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
    const url = /^List-Unsubscribe: <(https:\/\/[^>]+)>/m.exec(headers)?.[1];
    if (!url) throw new Error(`no List-Unsubscribe URL in:\n${headers}`);
    expect(url.startsWith('https://console.platform.test/')).toBe(true);
    const response = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await eventsOf('list_unsubscribe', 'cy@dest.test')).toHaveLength(1);
    const suppression = await call(account, 'GET', '/suppression-list/cy@dest.test');
    expect(suppression.json().results).toEqual([
      expect.objectContaining({ source: 'List Unsubscribe', type: 'non_transactional' }),
    ]);

    await send(['dan@dest.test'], { transactional: true });
    await deliverDue();
    const [receipt] = receivedBy('dan@dest.test');
    expect(receipt?.raw.toString('latin1')).not.toMatch(/^List-Unsubscribe/m);
  });
});
