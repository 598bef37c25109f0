import type Mail from 'nodemailer/lib/mailer';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall, subaccountWithKey } from '../../testing/engine.ts';
import { relayClient, useTestRelays } from '../../testing/relay.ts';
import { createRelayService } from './relay-service.ts';

interface StoredMessage {
  subaccount_id: number;
  mail_from: string;
  rcpt_to: string;
  subject: string;
  template_id: string | null;
  raw: Buffer;
}

describe.each(databases)('SMTP relay sending a stored template ($name)', (database) => {
  const t = useTestApp(database);
  const startRelay = useTestRelays('all');
  let port: number;
  let a: EngineAccount;

  beforeAll(async () => {
    port = await startRelay(createRelayService(t.engine));
    a = await engineAccount(t.app, t.db, 'relay-tpl');
  });

  /** Sends through STARTTLS and AUTH with `api` as the X-MSYS-API header. */
  const sendMail = (key: string, to: string, api: Record<string, unknown>) =>
    relayClient(port, key).sendMail({
      from: 'Someone <someone@elsewhere.invalid>',
      to,
      subject: 'Ignored subject',
      text: 'Ignored body',
      headers: { 'X-MSYS-API': JSON.stringify(api) },
    } satisfies Mail.Options);

  const messagesTo = (rcptTo: string) =>
    t.db.query<StoredMessage>(
      `SELECT subaccount_id::int AS subaccount_id, mail_from, rcpt_to, subject, template_id, raw
       FROM messages WHERE rcpt_to = $1`,
      [rcptTo],
    );

  async function storeTemplate(
    id: string,
    body: Record<string, unknown> = {},
    subaccount?: number,
  ): Promise<void> {
    const created = await engineCall(
      t.app,
      a,
      'POST',
      '/templates',
      {
        id,
        name: id,
        published: true,
        content: {
          from: { email: 'orders@acme.test', name: 'Acme Orders' },
          subject: 'Order {{order}} for {{name}}',
          html: '<p>Hello {{name}}, order {{order}} ships {{when}}.</p>',
        },
        substitution_data: { when: 'soon' },
        ...body,
      },
      subaccount === undefined ? {} : { subaccount },
    );
    expect(created.statusCode, created.body).toBe(200);
  }

  it("stores the template's subject and HTML with the X-MSYS-API substitution data, not the DATA's content", async () => {
    await storeTemplate('order-shipped');
    const ann = uniqueEmail('ann');
    const info = await sendMail(a.key, ann, {
      template_id: 'order-shipped',
      substitution_data: { name: 'Ann', order: 42 },
    });
    expect(info.response).toMatch(/^250 /);

    const [message] = await messagesTo(ann);
    expect(message).toMatchObject({
      subaccount_id: 0,
      subject: 'Order 42 for Ann',
      template_id: 'order-shipped',
      mail_from: 'someone@elsewhere.invalid',
    });
    const raw = Buffer.from(message?.raw ?? []).toString();
    expect(raw).toContain('Subject: Order 42 for Ann');
    expect(raw).toContain('From: Acme Orders <orders@acme.test>');
    expect(raw).toContain('<p>Hello Ann, order 42 ships soon.</p>');
    expect(raw).not.toContain('Ignored');
  });

  it('sends the draft with use_draft_template', async () => {
    await storeTemplate('drafted', { published: false });
    const ben = uniqueEmail('ben');
    await expect(sendMail(a.key, ben, { template_id: 'drafted' })).rejects.toMatchObject({
      responseCode: 550,
    });
    const info = await sendMail(a.key, ben, {
      template_id: 'drafted',
      use_draft_template: true,
      substitution_data: { name: 'Ben', order: 7 },
    });
    expect(info.response).toMatch(/^250 /);
    expect((await messagesTo(ben)).map((message) => message.subject)).toEqual(['Order 7 for Ben']);
  });

  it("keeps click tracking off over SMTP unless the template's options or X-MSYS-API turn it on", async () => {
    const content = {
      from: 'orders@acme.test',
      subject: 'Track',
      html: '<a href="https://shop.test/x">x</a>',
    };
    await storeTemplate('untracked', { content });
    await storeTemplate('tracked', { content, options: { click_tracking: true } });
    const rawTo = async (to: string, api: Record<string, unknown>) => {
      await sendMail(a.key, to, api);
      const [message] = await messagesTo(to);
      return Buffer.from(message?.raw ?? []).toString();
    };
    expect(await rawTo(uniqueEmail('plain'), { template_id: 'untracked' })).toContain(
      'href=3D"https://shop.test/x"',
    );
    for (const raw of [
      await rawTo(uniqueEmail('by-template'), { template_id: 'tracked' }),
      await rawTo(uniqueEmail('by-header'), { template_id: 'untracked', options: { click_tracking: true } }),
    ]) {
      expect(raw).toContain('/f/');
      expect(raw).not.toContain('href=3D"https://shop.test/x"');
    }
  });

  it('refuses an unknown template with 550 5.6.0 and stores nothing', async () => {
    const cat = uniqueEmail('cat');
    await expect(sendMail(a.key, cat, { template_id: 'no-such-template' })).rejects.toMatchObject({
      responseCode: 550,
      response: "550 5.6.0 X-MSYS-API header is invalid: template 'no-such-template' does not exist",
    });
    expect(await messagesTo(cat)).toEqual([]);
  });

  it('refuses substitution_data without a template_id', async () => {
    const dan = uniqueEmail('dan');
    await expect(sendMail(a.key, dan, { substitution_data: { name: 'Dan' } })).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('need a template_id'),
    });
    expect(await messagesTo(dan)).toEqual([]);
  });

  it("refuses a subaccount's key another subaccount's template, and lets it use its own and shared ones", async () => {
    const first = await subaccountWithKey(t.app, a, 'Relay first', ['smtp/inject']);
    const second = await subaccountWithKey(t.app, a, 'Relay second', ['smtp/inject']);
    await storeTemplate('second-only', {}, second.id);
    await storeTemplate('shared-receipt', { shared_with_subaccounts: true });
    const key = first.key.authorization;
    const eve = uniqueEmail('eve');

    await expect(sendMail(key, eve, { template_id: 'second-only' })).rejects.toMatchObject({
      responseCode: 550,
      response: "550 5.6.0 X-MSYS-API header is invalid: template 'second-only' does not exist",
    });
    expect(await messagesTo(eve)).toEqual([]);

    const shared = await sendMail(key, eve, {
      template_id: 'shared-receipt',
      substitution_data: { name: 'Eve', order: 9 },
    });
    expect(shared.response).toMatch(/^250 /);
    const own = uniqueEmail('own');
    await sendMail(second.key.authorization, own, { template_id: 'second-only' });
    expect((await messagesTo(eve)).map((message) => [message.subaccount_id, message.subject])).toEqual([
      [first.id, 'Order 9 for Eve'],
    ]);
    expect((await messagesTo(own)).map((message) => message.subaccount_id)).toEqual([second.id]);
  });

  it('refuses a template whose From domain the account has not verified, as transmissions do', async () => {
    await storeTemplate('foreign-from', {
      content: { from: 'news@unverified.invalid', subject: 'Hi', html: '<p>Hi</p>' },
    });
    const fay = uniqueEmail('fay');
    await expect(sendMail(a.key, fay, { template_id: 'foreign-from' })).rejects.toMatchObject({
      responseCode: 550,
      response: '550 5.7.1 Unconfigured Sending Domain <unverified.invalid>',
    });
    expect(await messagesTo(fay)).toEqual([]);
  });
});
