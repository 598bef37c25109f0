import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { lastMailTo, linkIn, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../../testing/engine.ts';
import { relayClient, relayClientOptions, useTestRelays } from '../../testing/relay.ts';
import { createRelayService } from './relay-service.ts';

interface StoredMessage {
  company_id: string;
  subaccount_id: number;
  transmission_id: string;
  environment: string;
  mail_from: string;
  rcpt_to: string;
  message_id_header: string;
  campaign_id: string;
  raw: Buffer;
}

interface StoredEvent {
  type: string;
  rcpt_to: string;
  campaign_id: string;
  reason: string;
  message_id: string | null;
  body: Record<string, unknown>;
}

/** A plan whose only enforced email quota is `emailQuota` a month; the company is moved onto it. */
async function giveTinyPlan(db: Db, companyId: string, emailQuota: number): Promise<void> {
  const plan = `TINY-${randomBytes(4).toString('hex')}`;
  await db.query(`INSERT INTO plans (id, name, plan_group) VALUES ($1, 'Tiny', 'transactional')`, [plan]);
  await db.query(
    `INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled) VALUES
       ($1, 'email', 'emailSentLimit', 'Emails per month', $2, 'monthly', true),
       ($1, 'daily', 'dailySentLimit', 'Emails per day', -1, 'daily', true),
       ($1, 'sandbox', 'sandboxSentLimit', 'Sandbox emails per day', 100, 'daily', true)`,
    [plan, emailQuota],
  );
  await db.query('UPDATE subscriptions SET plan_id = $2 WHERE company_id = $1', [companyId, plan]);
}

describe.each(databases)('SMTP relay on the engine ($name)', (database) => {
  const t = useTestApp(database);
  const startRelay = useTestRelays('all');
  let port: number;
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    const service = createRelayService(t.engine);
    port = await startRelay(service);
    a = await engineAccount(t.app, t.db, 'relay-a');
    b = await engineAccount(t.app, t.db, 'relay-b');
  });

  /** Sends through STARTTLS and AUTH, as a SparkPost SMTP client does. */
  const sendMail = (key: string, mail: Mail.Options, user = 'SMTP_Injection') =>
    relayClient(port, key, user).sendMail({
      from: 'Shop <shop@acme.test>',
      subject: 'Your order',
      text: 'Thanks!',
      ...mail,
    });

  const queueIdOf = (response: string) => /queued as ([0-9a-f]+)/.exec(response)?.[1] ?? '';

  const messagesOfQueue = (queueId: string) =>
    t.db.query<StoredMessage>(
      `SELECT company_id, subaccount_id::int AS subaccount_id, transmission_id, environment, mail_from, rcpt_to, message_id_header,
         campaign_id, raw
       FROM messages WHERE options->>'smtp_queue_id' = $1 ORDER BY rcpt_to`,
      [queueId],
    );
  const eventsTo = (companyId: string, rcptTo: string) =>
    t.db.query<StoredEvent>(
      `SELECT type, rcpt_to, campaign_id, reason, message_id, body FROM message_events
       WHERE company_id = $1 AND rcpt_to = $2 ORDER BY id`,
      [companyId, rcptTo],
    );
  const messagesTo = (rcptTo: string) =>
    t.db.query<StoredMessage>('SELECT company_id FROM messages WHERE rcpt_to = $1', [rcptTo]);

  async function newKey(account: EngineAccount, body: Record<string, unknown>): Promise<string> {
    const created = await engineCall(t.app, account, 'POST', '/api-keys', { label: 'relay', ...body });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().results.key;
  }

  it('stores one message per recipient with injection events carrying the X-MSYS-API fields', async () => {
    const ann = uniqueEmail('ann');
    const bob = uniqueEmail('bob');
    const info = await sendMail(a.key, {
      to: [ann, bob],
      headers: {
        'X-MSYS-API': JSON.stringify({
          campaign_id: 'orders',
          metadata: { order: 42 },
          options: { transactional: true },
        }),
      },
    });
    expect(info.response).toMatch(/^250 /);
    expect(info.accepted).toEqual([ann, bob]);

    const messages = await messagesOfQueue(queueIdOf(info.response));
    expect(messages.map((message) => message.rcpt_to)).toEqual([ann, bob].sort());
    for (const message of messages) {
      const raw = Buffer.from(message.raw).toString();
      expect(message).toMatchObject({
        company_id: a.companyId,
        subaccount_id: 0,
        environment: 'production',
        mail_from: 'shop@acme.test',
        campaign_id: 'orders',
        // nodemailer's own Message-ID is kept, not replaced.
        message_id_header: info.messageId,
      });
      expect(raw).not.toMatch(/x-msys-api/i);
      expect(raw).toContain(`Message-ID: ${info.messageId}`);
      expect(raw).toContain('Subject: Your order');
    }

    const events = await eventsTo(a.companyId, ann);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'injection',
      campaign_id: 'orders',
      body: { rcpt_meta: { order: 42 }, transactional: '1', delv_method: 'esmtp', sandbox: false },
    });
    expect(events[0]?.message_id).toEqual(expect.any(String));
  });

  it('adds a Message-ID to a message that has none', async () => {
    const to = uniqueEmail('noid');
    const raw = `From: shop@acme.test\r\nTo: ${to}\r\nSubject: Bare\r\n\r\nNo id here\r\n`;
    const info = await sendMail(a.key, { envelope: { from: 'bounce@acme.test', to: [to] }, raw });
    const [message] = await messagesOfQueue(queueIdOf(info.response));
    expect(message?.message_id_header).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/);
    expect(message?.mail_from).toBe('bounce@acme.test');
    expect(Buffer.from(message?.raw ?? []).toString()).toMatch(
      new RegExp(`^Message-ID: ${message?.message_id_header}\r\nFrom: shop@acme.test`),
    );
  });

  it('stops an open session from sending once its key is deleted', async () => {
    const key = await newKey(a, { grants: ['smtp/inject'] });
    const { id } = (await engineCall(t.app, a, 'GET', '/api-keys'))
      .json()
      .results.find((item: { short_key: string }) => item.short_key === key.slice(0, 4));
    const pooled = nodemailer.createTransport({
      ...relayClientOptions(port, key),
      pool: true,
      maxConnections: 1,
    });
    const mail = { from: 'shop@acme.test', subject: 'Pooled', text: 'x' };
    try {
      expect((await pooled.sendMail({ ...mail, to: uniqueEmail('first') })).response).toMatch(/^250 /);
      expect((await engineCall(t.app, a, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(204);
      const after = uniqueEmail('after');
      await expect(pooled.sendMail({ ...mail, to: after })).rejects.toMatchObject({ responseCode: 550 });
      expect(await messagesTo(after)).toHaveLength(0);
    } finally {
      pooled.close();
    }
  });

  it('refuses a wrong key with 535', async () => {
    await expect(sendMail('not-a-key', { to: uniqueEmail('x') })).rejects.toMatchObject({
      code: 'EAUTH',
      responseCode: 535,
    });
    await expect(sendMail(a.key, { to: uniqueEmail('x') }, 'someone-else')).rejects.toMatchObject({
      responseCode: 535,
    });
  });

  it('refuses a key without smtp/inject, saying why', async () => {
    const key = await newKey(a, { grants: ['transmissions/modify'] });
    const error = await sendMail(key, { to: uniqueEmail('x') }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ responseCode: 535 });
    expect((error as { response: string }).response).toContain('smtp/inject');
  });

  it('refuses a key whose valid_ips exclude the client', async () => {
    const key = await newKey(a, { grants: ['smtp/inject'], valid_ips: ['10.0.0.0/8'] });
    const error = await sendMail(key, { to: uniqueEmail('x') }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ responseCode: 535 });
    expect((error as { response: string }).response).toContain('127.0.0.1');

    const allowed = await newKey(a, { grants: ['smtp/inject'], valid_ips: ['127.0.0.0/8'] });
    expect((await sendMail(allowed, { to: uniqueEmail('ok') })).response).toMatch(/^250 /);
  });

  it('stores under the subaccount of the user name form, and refuses a suspended one', async () => {
    const created = await engineCall(t.app, a, 'POST', '/subaccounts', {
      name: 'Shop',
      setup_api_key: false,
    });
    const subaccount: number = created.json().results.subaccount_id;
    const user = `SMTP_Injection:X-MSYS-SUBACCOUNT=${subaccount}`;
    const info = await sendMail(a.key, { to: uniqueEmail('sub') }, user);
    const [message] = await messagesOfQueue(queueIdOf(info.response));
    expect(message).toMatchObject({ company_id: a.companyId, subaccount_id: subaccount });

    const suspended = await engineCall(t.app, a, 'PUT', `/subaccounts/${subaccount}`, {
      status: 'suspended',
    });
    expect(suspended.statusCode).toBe(200);
    const error = await sendMail(a.key, { to: uniqueEmail('sub') }, user).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ responseCode: 535 });
    expect((error as { response: string }).response).toContain('suspended');
  });

  it("a subaccount's own key sends as that subaccount and may not name another", async () => {
    const created = await engineCall(t.app, a, 'POST', '/subaccounts', {
      name: 'Keyed',
      setup_api_key: true,
      key_label: 'smtp',
      key_grants: ['smtp/inject'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { subaccount_id: subaccount, key } = created.json().results;
    const info = await sendMail(key, { to: uniqueEmail('keyed') });
    const [message] = await messagesOfQueue(queueIdOf(info.response));
    expect(message).toMatchObject({ company_id: a.companyId, subaccount_id: subaccount });

    const same = await sendMail(
      key,
      { to: uniqueEmail('keyed') },
      `SMTP_Injection:X-MSYS-SUBACCOUNT=${subaccount}`,
    );
    expect(same.response).toMatch(/^250 /);
    await expect(
      sendMail(key, { to: uniqueEmail('keyed') }, `SMTP_Injection:X-MSYS-SUBACCOUNT=${subaccount + 1000}`),
    ).rejects.toMatchObject({ responseCode: 535 });
  });

  it("keeps companies apart: B's key stores under B and cannot name A's subaccount", async () => {
    const subaccount: number = (
      await engineCall(t.app, a, 'POST', '/subaccounts', { name: 'A only', setup_api_key: false })
    ).json().results.subaccount_id;
    const to = uniqueEmail('cross');
    const info = await sendMail(b.key, { to });
    expect((await messagesOfQueue(queueIdOf(info.response))).map((message) => message.company_id)).toEqual([
      b.companyId,
    ]);
    expect(await eventsTo(a.companyId, to)).toEqual([]);

    await expect(
      sendMail(b.key, { to }, `SMTP_Injection:X-MSYS-SUBACCOUNT=${subaccount}`),
    ).rejects.toMatchObject({ responseCode: 535 });
  });

  it('in the sandbox refuses unverified recipients at RCPT and delivers to verified ones into the inbox', async () => {
    const sandbox = await engineAccount(t.app, t.db, 'relay-sbx', 'sandbox');
    const verified = uniqueEmail('verified');
    const stranger = uniqueEmail('stranger');
    const added = await t.post('/v1/authorized-recipient', sandbox.token, { emails: [verified] });
    expect(added.statusCode).toBe(200);
    const id = linkIn((await lastMailTo(t.db, verified)).text)
      .pathname.split('/')
      .pop();
    const confirmed = await t.app.inject({ method: 'GET', url: `/v1/authorized-recipient/verify/${id}` });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.getData('/v1/on-boarding/product-tour', sandbox.token)).sandboxTryProduction).toBe(false);

    const info = await sendMail(sandbox.key, { to: [verified, stranger], subject: 'Sandbox try' });
    expect(info.accepted).toEqual([verified]);
    expect(info.rejected).toEqual([stranger]);
    const messages = await messagesOfQueue(queueIdOf(info.response));
    expect(messages.map((message) => [message.rcpt_to, message.environment])).toEqual([
      [verified, 'sandbox'],
    ]);
    expect(await messagesTo(stranger)).toEqual([]);

    const inbox = await t.getData('/v1/sandbox/messages', sandbox.token);
    expect(inbox.items).toEqual([expect.objectContaining({ to: verified, subject: 'Sandbox try' })]);
    expect((await t.getData('/v1/on-boarding/product-tour', sandbox.token)).sandboxTryProduction).toBe(true);

    await expect(sendMail(sandbox.key, { to: stranger })).rejects.toMatchObject({ code: 'EENVELOPE' });
  });

  it('answers a temporary refusal over the daily sandbox quota', async () => {
    const sandbox = await engineAccount(t.app, t.db, 'relay-sbx-quota', 'sandbox');
    const verified = uniqueEmail('verified');
    await t.db.query(
      'INSERT INTO authorized_recipients (company_id, email, verified_at, created_at) VALUES ($1, $2, $3, $3)',
      [sandbox.companyId, verified, t.clock.now()],
    );
    expect((await sendMail(sandbox.key, { to: verified })).response).toMatch(/^250 /);
    // The FREE plan's 100 sandbox mails a day, used up.
    await t.db.query(`UPDATE usage_counters SET used = 100 WHERE company_id = $1 AND feature = 'sandbox'`, [
      sandbox.companyId,
    ]);
    const error = await sendMail(sandbox.key, { to: verified }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ responseCode: 452 });
    expect((error as { response: string }).response).toContain(
      'Quota of sandboxSentLimit on transactional email is exceeded',
    );
  });

  it('accepts a suppressed recipient at SMTP but records a policy_rejection instead of a message', async () => {
    const suppressed = uniqueEmail('gone');
    const other = uniqueEmail('kept');
    const put = await engineCall(t.app, a, 'PUT', `/suppression-list/${suppressed}`, {
      type: 'non_transactional',
    });
    expect(put.statusCode, put.body).toBe(200);

    const info = await sendMail(a.key, { to: [suppressed, other] });
    expect(info.response).toMatch(/^250 /);
    expect(info.accepted).toEqual([suppressed, other]);
    expect((await messagesOfQueue(queueIdOf(info.response))).map((message) => message.rcpt_to)).toEqual([
      other,
    ]);
    expect(await eventsTo(a.companyId, suppressed)).toEqual([
      expect.objectContaining({
        type: 'policy_rejection',
        message_id: null,
        reason: expect.stringContaining('suppressed'),
      }),
    ]);
  });

  it('refuses DATA over the quota and stores nothing', async () => {
    const tiny = await engineAccount(t.app, t.db, 'relay-tiny');
    await giveTinyPlan(t.db, tiny.companyId, 2);
    await t.engine.usage.planChanged(t.db, tiny.companyId);

    const three = [uniqueEmail('q1'), uniqueEmail('q2'), uniqueEmail('q3')];
    const error = await sendMail(tiny.key, { to: three }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'EMESSAGE', responseCode: 550 });
    expect((error as { response: string }).response).toContain(
      'Quota of emailSentLimit on transactional email is exceeded',
    );
    const stored = await t.db.one<{ messages: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE company_id = $1) AS messages,
              (SELECT count(*)::int FROM message_events WHERE company_id = $1) AS events`,
      [tiny.companyId],
    );
    expect(stored).toEqual({ messages: 0, events: 0 });

    expect((await sendMail(tiny.key, { to: three.slice(0, 2) })).response).toMatch(/^250 /);
    await expect(sendMail(tiny.key, { to: three[2] })).rejects.toMatchObject({ responseCode: 550 });
    expect(await messagesTo(three[2] ?? '')).toEqual([]);
  });

  it('refuses an X-MSYS-API campaign_id over 64 bytes with 550 5.6.0, as HTTP refuses it, and stores nothing', async () => {
    const to = uniqueEmail('long-campaign');
    const error = await sendMail(a.key, {
      to,
      headers: { 'X-MSYS-API': JSON.stringify({ campaign_id: 'é'.repeat(33) }) },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'EMESSAGE', responseCode: 550 });
    expect((error as { response: string }).response).toMatch(
      /^550 5\.6\.0 X-MSYS-API header is invalid: campaign_id/,
    );
    expect(await messagesTo(to)).toEqual([]);
    const http = await engineCall(t.app, a, 'POST', '/transmissions', {
      campaign_id: 'é'.repeat(33),
      recipients: [{ address: to }],
      content: { from: 'shop@acme.test', subject: 's', text: 't' },
    });
    expect(http.statusCode).toBe(422);
  });

  it('refuses an X-MSYS-API ip_pool the company does not have with 550 5.6.0, and stores nothing', async () => {
    const to = uniqueEmail('no-pool');
    const error = await sendMail(a.key, {
      to,
      headers: { 'X-MSYS-API': JSON.stringify({ options: { ip_pool: 'nowhere' } }) },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'EMESSAGE', responseCode: 550 });
    expect((error as { response: string }).response).toMatch(/ip_pool 'nowhere' does not exist/);
    expect(await messagesTo(to)).toEqual([]);
  });

  it('takes an X-MSYS-API dkim_key of the From domain once verified, and refuses any other with 550 5.6.0', async () => {
    const to = uniqueEmail('dkim-key');
    const missing = await sendMail(a.key, {
      to,
      headers: { 'X-MSYS-API': JSON.stringify({ options: { dkim_key: 'autumn' } }) },
    }).catch((caught: unknown) => caught);
    expect((missing as { response: string }).response).toBe(
      "550 5.6.0 X-MSYS-API header is invalid: Invalid DKIM key ID 'autumn' for sending domain 'acme.test'",
    );
    const keys = t.engine.sendingDomains.dkimKeys;
    const added = await keys.create(a.companyId, 'acme.test', {
      id: 'relay',
      selector: 'relay',
      signingDomain: 'acme.test',
      headers: 'from:to:subject:date',
      publicKey: 'MIIB',
      privateKeyPem: 'unused',
    });
    expect(added.outcome).toBe('done');
    const unverified = await sendMail(a.key, {
      to,
      headers: { 'X-MSYS-API': JSON.stringify({ options: { dkim_key: 'relay' } }) },
    }).catch((caught: unknown) => caught);
    expect((unverified as { response: string }).response).toMatch(
      /^550 5\.6\.0 .*DKIM key 'relay' is not verified for sending domain 'acme\.test'$/,
    );
    expect(await messagesTo(to)).toEqual([]);

    await keys.setStatus(a.companyId, 'acme.test', 'relay', 'valid');
    const info = await sendMail(a.key, {
      to,
      headers: { 'X-MSYS-API': JSON.stringify({ options: { dkim_key: 'relay' } }) },
    });
    const [stored] = await t.db.query<{ options: Record<string, unknown> }>(
      'SELECT options FROM messages WHERE rcpt_to = $1',
      [to],
    );
    expect(info.response).toMatch(/^250 /);
    expect(stored?.options).toMatchObject({ dkim_key: 'relay' });
  });

  it('refuses a message whose decoded header PostgreSQL cannot store with 550 5.6.0, not a temporary failure', async () => {
    const to = uniqueEmail('nul-subject');
    const error = await sendMail(a.key, {
      to,
      raw: `From: shop@acme.test\r\nTo: ${to}\r\nSubject: =?UTF-8?B?SGkAdGhlcmU=?=\r\n\r\nHello\r\n`,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ responseCode: 550 });
    expect((error as { response: string }).response).toMatch(/^550 5\.6\.0 .*subject/);
    expect(await messagesTo(to)).toEqual([]);
  });

  it('accepts internationalized addresses with SMTPUTF8 (RFC 6531) and stores them as sent', async () => {
    const to = `jöran.${randomBytes(3).toString('hex')}@bücher.test`;
    const info = await sendMail(a.key, {
      from: 'Post <pöst@münchen.test>',
      to: `Jöran <${to}>`,
    });
    expect(info.response).toMatch(/^250 /);
    const [message] = await messagesOfQueue(queueIdOf(info.response));
    expect(message).toMatchObject({ rcpt_to: to, mail_from: 'pöst@münchen.test' });
    expect(Buffer.from(message?.raw ?? []).toString('utf8')).toContain(`<${to}>`);
  });

  it('refuses a local part over 64 octets at RCPT', async () => {
    await expect(sendMail(a.key, { to: `${'x'.repeat(65)}@example.test` })).rejects.toMatchObject({
      responseCode: 553,
    });
    await expect(sendMail(a.key, { to: `${'ö'.repeat(33)}@example.test` })).rejects.toMatchObject({
      responseCode: 553,
    });
    await expect(sendMail(a.key, { to: `${'x'.repeat(300)}@example.test` })).rejects.toMatchObject({
      responseCode: expect.toSatisfy((code: number) => code >= 500),
    });
  });

  it('refuses a sender over RFC 5321 sizes at MAIL FROM with 553 5.1.7', async () => {
    const error = await sendMail(a.key, {
      to: uniqueEmail('long-sender'),
      envelope: { from: `${'x'.repeat(65)}@acme.test`, to: uniqueEmail('long-sender') },
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ responseCode: 553 });
    expect((error as { response: string }).response).toMatch(/^553 5\.1\.7 /);
  });
});
