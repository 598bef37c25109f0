import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller } from '../../testing/engine.ts';
import { verpAddress } from '../bounces/verp.ts';
import { loadOrCreateCertificate } from '../smtp-relay/certificate.ts';
import { maxRecipientsPerReport, startInboundMx } from './inbound-mx.ts';

const verpKey = 'test-verp-key';
const bounceDomain = 'bounces.acme.test';

/** A delivery status notification (RFC 3464) as a receiving MTA sends it back. */
function dsn(to: string, recipient: { action: string; status: string; diagnostic?: string }): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.dest.test>',
    `To: ${to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    '',
    '--dsn-boundary',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'Your message could not be delivered to one or more recipients.',
    '',
    '--dsn-boundary',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.dest.test',
    'Arrival-Date: Mon, 23 Nov 2026 10:00:00 +0000',
    '',
    'Final-Recipient: rfc822; jane@dest.test',
    `Action: ${recipient.action}`,
    `Status: ${recipient.status}`,
    ...(recipient.diagnostic ? [`Diagnostic-Code: smtp; ${recipient.diagnostic}`] : []),
    '',
    '--dsn-boundary',
    'Content-Type: text/rfc822-headers',
    '',
    'From: shop@acme.test',
    'To: jane@dest.test',
    'Subject: Spring sale',
    '',
    '--dsn-boundary--',
    '',
  ].join('\r\n');
}

/** A complaint in the Abuse Reporting Format (RFC 5965). */
function arf(to: string, feedbackType = 'abuse'): string {
  return [
    'From: fbl@isp.test',
    `To: ${to}`,
    'Subject: FW: Spring sale',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-boundary"',
    '',
    '--arf-boundary',
    'Content-Type: text/plain',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--arf-boundary',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: SomeISP-FBL/1.0',
    'Version: 1',
    'Original-Mail-From: <bounces@acme.test>',
    'Original-Rcpt-To: <jane@dest.test>',
    'Reporting-MTA: dns; fbl.isp.test',
    '',
    '--arf-boundary',
    'Content-Type: message/rfc822',
    '',
    'From: shop@acme.test',
    'To: jane@dest.test',
    'Subject: Spring sale',
    '',
    'Buy now',
    '',
    '--arf-boundary--',
    '',
  ].join('\r\n');
}

const plainReply = (to: string) =>
  [`From: jane@dest.test`, `To: ${to}`, 'Subject: Re: Spring sale', '', 'Please call me instead.', ''].join(
    '\r\n',
  );

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  rejectedErrors?: { responseCode?: number; response?: string }[];
}

describe.each(databases)('inbound MX on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let mx: { port: number; close(): Promise<void> };
  let a: EngineAccount;
  let b: EngineAccount;
  /** What the MX logged (JSON lines). */
  const logged: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logStream = { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) };
    mx = await startInboundMx(
      { host: '127.0.0.1', port: 0, hostname: 'mx.test', key: verpKey, maxMessageBytes: 64 * 1024 },
      t.engine,
      pino({ level: 'warn' }, logStream),
    );
    a = await engineAccount(t.app, t.db, 'mx-a');
    b = await engineAccount(t.app, t.db, 'mx-b');
  });
  afterAll(async () => {
    await mx.close();
  });

  /** A sent message of the company (the row delivery would have sent), its VERP return path. */
  async function sentMessage(
    account: EngineAccount,
    rcptTo: string,
    options: { subaccountId?: number } = {},
  ) {
    const id = randomUUID();
    await t.db.query(
      `INSERT INTO messages (id, company_id, subaccount_id, environment, mail_from, rcpt_to, friendly_from, subject,
         message_id_header, campaign_id, options, raw, created_at)
       VALUES ($1, $2, $3, 'production', $4, $5, 'shop@acme.test', 'Spring sale', $6, 'spring', $7, $8, $9)`,
      [
        id,
        account.companyId,
        options.subaccountId ?? 0,
        verpAddress(verpKey, id, bounceDomain),
        rcptTo,
        `<${id}@acme.test>`,
        JSON.stringify({ transactional: false, metadata: { order: 'A-1' }, tags: ['sale'] }),
        Buffer.from('From: shop@acme.test\r\nSubject: Spring sale\r\n\r\nBuy now\r\n'),
        t.clock.now(),
      ],
    );
    return { id, verp: verpAddress(verpKey, id, bounceDomain) };
  }

  const send = (to: string[], raw: string) =>
    nodemailer
      .createTransport({ host: '127.0.0.1', port: mx.port, secure: false, ignoreTLS: true })
      .sendMail({ envelope: { from: '', to }, raw });

  const failure = async (promise: Promise<unknown>): Promise<SmtpFailure> => {
    try {
      await promise;
    } catch (error) {
      return error as SmtpFailure;
    }
    throw new Error('expected the MX to refuse');
  };

  const eventsOf = async (account: EngineAccount, messageId: string) => {
    // The search ends at the (test) clock's now, exclusive: step past the events just written.
    t.clock.advance(1000);
    const response = await call(account, 'GET', `/events/message?messages=${messageId}`);
    expect(response.statusCode).toBe(200);
    return response.json().results as Record<string, unknown>[];
  };

  const suppressionsOf = async (account: EngineAccount, recipient: string, subaccount?: number) => {
    const response = await call(account, 'GET', `/suppression-list/${recipient}`, undefined, {
      ...(subaccount === undefined ? {} : { subaccount }),
    });
    return response.statusCode === 200 ? (response.json().results as Record<string, unknown>[]) : [];
  };

  it('turns a DSN with Action: failed into an out_of_band event and a Bounce Rule suppression', async () => {
    const message = await sentMessage(a, 'jane.hard@dest.test');
    const info = await send(
      [message.verp],
      dsn(message.verp, {
        action: 'failed',
        status: '5.1.1',
        diagnostic: '550 5.1.1 <jane.hard@dest.test>: Recipient address rejected: User unknown',
      }),
    );
    expect(info.response).toMatch(/^250 .*bounce report recorded/);

    const events = await eventsOf(a, message.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'out_of_band',
      message_id: message.id,
      rcpt_to: 'jane.hard@dest.test',
      campaign_id: 'spring',
      subject: 'Spring sale',
      bounce_class: '10',
      error_code: '550',
      raw_reason: '550 5.1.1 <jane.hard@dest.test>: Recipient address rejected: User unknown',
      reason: '550 5.1.1 Recipient address rejected: User unknown',
      rcpt_meta: { order: 'A-1' },
      rcpt_tags: ['sale'],
    });
    const entries = await suppressionsOf(a, 'jane.hard@dest.test');
    expect(entries.map((entry) => [entry.type, entry.source]).sort()).toEqual([
      ['non_transactional', 'Bounce Rule'],
      ['transactional', 'Bounce Rule'],
    ]);

    // The same report again records nothing more.
    const again = await send([message.verp], dsn(message.verp, { action: 'failed', status: '5.1.1' }));
    expect(again.response).toMatch(/already recorded/);
    expect(await eventsOf(a, message.id)).toHaveLength(1);
  });

  it('records a soft failure without suppressing the recipient', async () => {
    const message = await sentMessage(a, 'jane.full@dest.test');
    await send(
      [message.verp],
      dsn(message.verp, { action: 'failed', status: '5.2.2', diagnostic: '552 5.2.2 Mailbox full' }),
    );
    const [event] = await eventsOf(a, message.id);
    expect(event).toMatchObject({ type: 'out_of_band', bounce_class: '22', error_code: '552' });
    expect(await suppressionsOf(a, 'jane.full@dest.test')).toEqual([]);
  });

  it('turns an ARF report into a spam_complaint event and a non-transactional Spam Complaint suppression', async () => {
    const message = await sentMessage(a, 'jane.complains@dest.test');
    const info = await send([message.verp], arf(message.verp));
    expect(info.response).toMatch(/^250 .*complaint recorded/);
    const [event] = await eventsOf(a, message.id);
    expect(event).toMatchObject({
      type: 'spam_complaint',
      rcpt_to: 'jane.complains@dest.test',
      fbtype: 'abuse',
      report_by: 'fbl.isp.test',
      report_to: message.verp,
      user_agent: 'SomeISP-FBL/1.0',
    });
    const entries = await suppressionsOf(a, 'jane.complains@dest.test');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ type: 'non_transactional', source: 'Spam Complaint' });
  });

  it('refuses an unknown or forged recipient at RCPT with 550 5.1.1', async () => {
    const message = await sentMessage(a, 'jane.forged@dest.test');
    const forged = message.verp.replace(/-[0-9a-f]{12}@/, '-000000000000@');
    const unknown = verpAddress(verpKey, randomUUID(), bounceDomain);
    for (const to of [forged, unknown]) {
      const error = await failure(send([to], dsn(to, { action: 'failed', status: '5.1.1' })));
      const refusal = error.rejectedErrors?.[0] ?? error;
      expect(refusal.responseCode).toBe(550);
      expect(refusal.response).toMatch(/5\.1\.1 .*only takes bounce and complaint reports/);
    }
    expect(await eventsOf(a, message.id)).toEqual([]);
  });

  it('takes mail for the postmaster, of any domain or none, and logs it without storing it', async () => {
    for (const to of ['PostMaster@bounces.acme.test', 'postmaster']) {
      const answer = await send([to], plainReply(to));
      expect(answer.response).toMatch(/^250 2\.0\.0 received for the postmaster/);
      expect(logged.at(-1)).toMatchObject({ msg: 'mail for the postmaster', to: [to.toLowerCase()] });
      expect(logged.at(-1)?.subject).toBe('Re: Spring sale');
    }
  });

  it('refuses a plain reply, a delay notice and a not-spam report after DATA, storing nothing', async () => {
    const message = await sentMessage(a, 'jane.replies@dest.test');
    for (const raw of [
      plainReply(message.verp),
      dsn(message.verp, { action: 'delayed', status: '4.4.1', diagnostic: '451 4.4.1 Try again later' }),
      arf(message.verp, 'not-spam'),
    ]) {
      const error = await failure(send([message.verp], raw));
      expect(error.responseCode).toBe(550);
      expect(error.response).toMatch(/5\.7\.1 Not accepted: .*nothing was recorded/);
    }
    expect(await eventsOf(a, message.id)).toEqual([]);
    expect(await suppressionsOf(a, 'jane.replies@dest.test')).toEqual([]);
  });

  it('refuses a message over the size limit', async () => {
    const message = await sentMessage(a, 'jane.big@dest.test');
    const error = await failure(
      send([message.verp], `${plainReply(message.verp)}${'x'.repeat(70 * 1024)}\r\n`),
    );
    expect(error.responseCode).toBe(552);
  });

  it('takes a bounded number of recipients per report', async () => {
    const messages = await Promise.all(
      Array.from({ length: maxRecipientsPerReport + 1 }, (_, index) =>
        sentMessage(a, `many-${index}@dest.test`),
      ),
    );
    const info = await send(
      messages.map((message) => message.verp),
      dsn('bounces@acme.test', { action: 'failed', status: '5.1.1' }),
    );
    expect(info.accepted).toHaveLength(maxRecipientsPerReport);
    expect(info.rejectedErrors?.[0]).toMatchObject({ responseCode: 452 });
    expect(await eventsOf(a, messages[0]?.id ?? '')).toHaveLength(1);
    expect(await eventsOf(a, messages[maxRecipientsPerReport]?.id ?? '')).toEqual([]);
  });

  it('offers STARTTLS when given a certificate', async () => {
    const tls = await loadOrCreateCertificate({ dataDir: 'memory://', hostname: 'mx.test' });
    const secured = await startInboundMx(
      { host: '127.0.0.1', port: 0, hostname: 'mx.test', key: verpKey, maxMessageBytes: 64 * 1024, tls },
      t.engine,
      pino({ level: 'silent' }),
    );
    try {
      const message = await sentMessage(a, 'tls@dest.test');
      const info = await nodemailer
        .createTransport({
          host: '127.0.0.1',
          port: secured.port,
          secure: false,
          requireTLS: true,
          tls: { rejectUnauthorized: false },
        })
        .sendMail({ envelope: { from: '', to: [message.verp] }, raw: arf(message.verp) });
      expect(info.response).toMatch(/complaint recorded/);
    } finally {
      await secured.close();
    }
  });

  it("writes a report only into the message's own company and subaccount", async () => {
    const created = await call(a, 'POST', '/subaccounts', { name: 'Shop EU', setup_api_key: false });
    const subaccountId = created.json().results.subaccount_id as number;
    const message = await sentMessage(a, 'shared@dest.test', { subaccountId });
    await sentMessage(b, 'shared@dest.test');
    await send([message.verp], arf(message.verp));

    expect(await suppressionsOf(a, 'shared@dest.test', subaccountId)).toHaveLength(1);
    // The master's search covers its subaccounts: the one entry is the subaccount's.
    expect((await suppressionsOf(a, 'shared@dest.test')).map((entry) => entry.subaccount_id)).toEqual([
      subaccountId,
    ]);
    expect(await suppressionsOf(b, 'shared@dest.test')).toEqual([]);
    expect(await eventsOf(b, message.id)).toEqual([]);
    const [event] = await eventsOf(a, message.id);
    expect(event).toMatchObject({ type: 'spam_complaint', subaccount_id: String(subaccountId) });
  });
});
