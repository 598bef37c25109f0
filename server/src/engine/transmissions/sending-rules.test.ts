import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall, transmit } from '../../testing/engine.ts';

interface StoredMessage {
  rcpt_to: string;
  environment: string;
  mail_from: string;
  subject: string;
  raw: Buffer;
}

interface StoredEvent {
  type: string;
  rcpt_to: string;
  reason: string;
  body: Record<string, unknown>;
}

const from = { email: 'news@acme.test', name: 'Acme' };
const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');

describe.each(databases)('sending rules on $name', (database) => {
  const t = useTestApp(database);
  let production: EngineAccount;
  let sandbox: EngineAccount;

  const send = (account: EngineAccount, body: unknown) => transmit(t, account, body);
  const inline = (recipients: unknown[], extra: Record<string, unknown> = {}) => ({
    recipients,
    content: { from, subject: 'Hello', text: 'Hello there' },
    ...extra,
  });

  const messagesOf = (transmissionId: string) =>
    t.db.query<StoredMessage>(
      `SELECT rcpt_to, environment, mail_from, subject, raw FROM messages
       WHERE transmission_id = $1 ORDER BY rcpt_to`,
      [transmissionId],
    );
  const eventsOf = (transmissionId: string) =>
    t.db.query<StoredEvent>(
      'SELECT type, rcpt_to, reason, body FROM message_events WHERE transmission_id = $1 ORDER BY rcpt_to, type',
      [transmissionId],
    );
  /** Sends and answers the transmission id, after checking the request was accepted. */
  async function sent(account: EngineAccount, body: unknown): Promise<string> {
    const response = await send(account, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results.id;
  }
  const parsedOnly = async (transmissionId: string) => {
    const [message, ...others] = await messagesOf(transmissionId);
    expect(others).toEqual([]);
    if (!message) throw new Error('no message stored');
    return simpleParser(Buffer.from(message.raw));
  };

  /** Adds the address as an authorized recipient and follows its verification link. */
  async function authorize(account: EngineAccount, email: string): Promise<void> {
    const added = await t.post('/v1/authorized-recipient', account.token, { emails: [email] });
    expect(added.statusCode, added.body).toBe(200);
    const id = linkIn((await lastMailTo(t.db, email)).text)
      .pathname.split('/')
      .pop();
    const verified = await t.app.inject({ method: 'GET', url: `/v1/authorized-recipient/verify/${id}` });
    expect(verified.statusCode, verified.body).toBe(200);
  }

  async function suppress(account: EngineAccount, email: string, type: string): Promise<void> {
    const put = await engineCall(t.app, account, 'PUT', `/suppression-list/${email}`, { type });
    expect(put.statusCode, put.body).toBe(200);
  }

  beforeAll(async () => {
    production = await engineAccount(t.app, t.db, 'rules-prod');
    sandbox = await engineAccount(t.app, t.db, 'rules-sbx', 'sandbox');
  });

  describe('sandbox', () => {
    it('sends only to verified authorized recipients and reports the others', async () => {
      const verified = uniqueEmail('verified');
      const stranger = uniqueEmail('stranger');
      await authorize(sandbox, verified);
      // Added but never verified: refused like a stranger.
      const pending = uniqueEmail('pending');
      await t.post('/v1/authorized-recipient', sandbox.token, { emails: [pending] });

      const response = await send(
        sandbox,
        inline([{ address: verified }, { address: stranger }, { address: pending }], {
          content: { from, subject: 'Sandbox hello', text: 'hi' },
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { results, errors } = response.json();
      expect(results).toMatchObject({ total_accepted_recipients: 1, total_rejected_recipients: 2 });
      expect(errors).toEqual([{ message: 'transmission created, but with validation errors', code: '2000' }]);
      expect(results.rcpt_to_errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: '1902', description: expect.stringContaining(stranger) }),
          expect.objectContaining({ code: '1902', description: expect.stringContaining(pending) }),
        ]),
      );

      const messages = await messagesOf(results.id);
      expect(messages.map((message) => [message.rcpt_to, message.environment])).toEqual([
        [verified, 'sandbox'],
      ]);
      const events = await eventsOf(results.id);
      expect(events.find((event) => event.rcpt_to === stranger)).toMatchObject({
        type: 'policy_rejection',
        reason: expect.stringContaining('authorized recipient'),
        body: { sandbox: true },
      });
      expect(events.find((event) => event.rcpt_to === verified)).toMatchObject({ type: 'injection' });

      const inbox = await t.getData('/v1/sandbox/messages', sandbox.token);
      expect(inbox.items).toEqual([expect.objectContaining({ to: verified, subject: 'Sandbox hello' })]);
    });

    it('reports the unauthorized recipients of a send too large to generate before its answer', async () => {
      const verified = uniqueEmail('large-verified');
      const strangers = [uniqueEmail('large-a'), uniqueEmail('large-b'), uniqueEmail('large-c')];
      await authorize(sandbox, verified);
      const text = 'lorem ipsum '.repeat((5 * 1024 * 1024) / 12);
      const response = await send(
        sandbox,
        inline(
          [verified, ...strangers].map((address) => ({ address })),
          {
            content: { from, subject: 'Large', text },
          },
        ),
      );
      expect(response.statusCode, response.body).toBe(200);
      const { results } = response.json();
      expect(results).toMatchObject({ total_accepted_recipients: 1, total_rejected_recipients: 3 });
      expect(
        results.rcpt_to_errors.map((error: { description: string }) => error.description.split(':')[0]),
      ).toEqual(strangers);
      const stateOf = async () =>
        (await engineCall(t.app, sandbox, 'GET', `/transmissions/${results.id}`)).json().results.transmission
          .state;
      await expect.poll(stateOf, { timeout: 30_000, interval: 100 }).toBe('Success');
      expect((await messagesOf(results.id)).map((message) => message.rcpt_to)).toEqual([verified]);
    });

    it('applies the sandbox rules to a production company that asks for options.sandbox', async () => {
      const verified = uniqueEmail('prod-verified');
      const stranger = uniqueEmail('prod-stranger');
      await authorize(production, verified);
      const response = await send(
        production,
        inline([{ address: verified }, { address: stranger }], { options: { sandbox: true } }),
      );
      expect(response.json().results).toMatchObject({
        total_accepted_recipients: 1,
        total_rejected_recipients: 1,
      });
      const messages = await messagesOf(response.json().results.id);
      expect(messages.map((message) => [message.rcpt_to, message.environment])).toEqual([
        [verified, 'sandbox'],
      ]);
      const inbox = await t.getData('/v1/sandbox/messages', production.token);
      expect(inbox.items.map((item: { to: string }) => item.to)).toEqual([verified]);

      // Without the option the same company sends to anyone, outside the sandbox inbox.
      const plain = await sent(production, inline([{ address: stranger }]));
      expect((await messagesOf(plain)).map((message) => message.environment)).toEqual(['production']);
    });
  });

  describe('suppression list', () => {
    it('skips suppressed recipients unless skip_suppression is set', async () => {
      const gone = uniqueEmail('gone');
      const kept = uniqueEmail('kept');
      await suppress(production, gone, 'non_transactional');

      const id = await sent(production, inline([{ address: gone }, { address: kept }]));
      expect((await messagesOf(id)).map((message) => message.rcpt_to)).toEqual([kept]);
      expect((await eventsOf(id)).find((event) => event.rcpt_to === gone)).toMatchObject({
        type: 'policy_rejection',
        reason: expect.stringContaining('suppressed'),
      });

      const skipped = await sent(
        production,
        inline([{ address: gone }], { options: { skip_suppression: true } }),
      );
      expect((await messagesOf(skipped)).map((message) => message.rcpt_to)).toEqual([gone]);
      expect((await eventsOf(skipped)).map((event) => event.type)).toEqual(['injection']);
    });

    it('checks the list of the type of the send: transactional or not', async () => {
      const noMarketing = uniqueEmail('no-marketing');
      const noReceipts = uniqueEmail('no-receipts');
      await suppress(production, noMarketing, 'non_transactional');
      await suppress(production, noReceipts, 'transactional');
      const both = [{ address: noMarketing }, { address: noReceipts }];

      const marketing = await sent(production, inline(both));
      expect((await messagesOf(marketing)).map((message) => message.rcpt_to)).toEqual([noReceipts]);
      const receipts = await sent(production, inline(both, { options: { transactional: true } }));
      expect((await messagesOf(receipts)).map((message) => message.rcpt_to)).toEqual([noMarketing]);
      const byRecipient = Object.fromEntries(
        (await eventsOf(receipts)).map((event) => [event.rcpt_to, [event.type, event.body.transactional]]),
      );
      expect(byRecipient).toEqual({
        [noMarketing]: ['injection', '1'],
        [noReceipts]: ['policy_rejection', '1'],
      });
    });

    it("a subaccount's entries do not suppress the master account's sends", async () => {
      const address = uniqueEmail('sub-suppressed');
      const subaccount: number = (
        await engineCall(t.app, production, 'POST', '/subaccounts', { name: 'Sub', setup_api_key: false })
      ).json().results.subaccount_id;
      const put = await engineCall(
        t.app,
        production,
        'PUT',
        `/suppression-list/${address}`,
        { type: 'non_transactional' },
        { subaccount },
      );
      expect(put.statusCode).toBe(200);
      const master = await sent(production, inline([{ address }]));
      expect(await messagesOf(master)).toHaveLength(1);
      const fromSub = await transmit(t, production, inline([{ address }]), {
        subaccount,
      });
      expect(await messagesOf(fromSub.json().results.id)).toHaveLength(0);
    });
  });

  describe('templates', () => {
    beforeAll(async () => {
      const created = await engineCall(t.app, production, 'POST', '/templates', {
        id: 'precedence',
        name: 'Precedence',
        published: true,
        content: { from, subject: '{{a}}/{{b}}/{{c}}', text: 'published {{a}} {{b}} {{c}}' },
        substitution_data: { a: 'template-a', b: 'template-b', c: 'template-c' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const draft = await engineCall(t.app, production, 'PUT', '/templates/precedence', {
        content: { from, subject: 'Draft {{a}}', text: 'draft body' },
      });
      expect(draft.statusCode, draft.body).toBe(200);
    });

    it('substitution data: recipient over transmission over template defaults', async () => {
      const ann = uniqueEmail('ann');
      const bob = uniqueEmail('bob');
      const id = await sent(production, {
        recipients: [{ address: ann, substitution_data: { c: 'ann-c' } }, { address: bob }],
        substitution_data: { b: 'tx-b', c: 'tx-c' },
        content: { template_id: 'precedence' },
      });
      const subjects = Object.fromEntries(
        (await messagesOf(id)).map((message) => [message.rcpt_to, message.subject]),
      );
      expect(subjects).toEqual({ [ann]: 'template-a/tx-b/ann-c', [bob]: 'template-a/tx-b/tx-c' });
      const [injection] = await eventsOf(id);
      expect(injection?.body).toMatchObject({ template_version: '1' });
    });

    it('sends the published version unless use_draft_template is set', async () => {
      const published = await sent(
        production,
        inline([{ address: uniqueEmail('p') }], { content: { template_id: 'precedence' } }),
      );
      expect((await messagesOf(published))[0]?.subject).toBe('template-a/template-b/template-c');
      const draft = await sent(production, {
        recipients: [{ address: uniqueEmail('d') }],
        content: { template_id: 'precedence', use_draft_template: true },
      });
      const parsed = await parsedOnly(draft);
      expect(parsed.subject).toBe('Draft template-a');
      expect(parsed.text?.trim()).toBe('draft body');
    });
  });

  describe('content', () => {
    it('inline_css moves <style> rules into style attributes', async () => {
      const html = '<html><head><style>p { color: red; }</style></head><body><p>Styled</p></body></html>';
      const inlined = await sent(production, {
        recipients: [{ address: uniqueEmail('css') }],
        options: { inline_css: true },
        content: { from, subject: 'CSS', html },
      });
      expect((await parsedOnly(inlined)).html).toMatch(/<p style="color: ?red;?">Styled<\/p>/);
      const untouched = await sent(production, {
        recipients: [{ address: uniqueEmail('css') }],
        content: { from, subject: 'CSS', html },
      });
      expect((await parsedOnly(untouched)).html).toContain('<p>Styled</p>');
    });

    it('puts attachments and inline images into the MIME message', async () => {
      const id = await sent(production, {
        recipients: [{ address: uniqueEmail('files') }],
        content: {
          from,
          subject: 'Files',
          html: '<p>Logo: <img src="cid:logo.png"></p>',
          attachments: [
            {
              name: 'invoice.txt',
              type: 'text/plain',
              data: Buffer.from('total: 10 EUR\n').toString('base64'),
            },
          ],
          inline_images: [{ name: 'logo.png', type: 'image/png', data: png }],
        },
      });
      const parsed = await parsedOnly(id);
      const invoice = parsed.attachments.find((file) => file.filename === 'invoice.txt');
      expect(invoice).toMatchObject({ contentType: 'text/plain', contentDisposition: 'attachment' });
      expect(invoice?.content.toString()).toBe('total: 10 EUR\n');
      const logo = parsed.attachments.find((file) => file.filename === 'logo.png');
      expect(logo).toMatchObject({ contentType: 'image/png', cid: 'logo.png', contentDisposition: 'inline' });
      expect(logo?.content.toString('base64')).toBe(png);
    });

    it('return_path becomes the envelope sender, per recipient when given', async () => {
      const plain = uniqueEmail('rp');
      const own = uniqueEmail('rp-own');
      const id = await sent(production, {
        return_path: 'bounces@mail.acme.test',
        recipients: [{ address: plain }, { address: own, return_path: 'own@mail.acme.test' }],
        content: { from, subject: 'Return path', text: 'x' },
      });
      const mailFrom = Object.fromEntries(
        (await messagesOf(id)).map((message) => [message.rcpt_to, message.mail_from]),
      );
      expect(mailFrom).toEqual({ [plain]: 'bounces@mail.acme.test', [own]: 'own@mail.acme.test' });
      const events = await eventsOf(id);
      expect(events.find((event) => event.rcpt_to === plain)?.body.msg_from).toBe('bounces@mail.acme.test');

      const defaulted = await sent(production, inline([{ address: uniqueEmail('rp-none') }]));
      expect((await messagesOf(defaulted))[0]?.mail_from).toBe('news@acme.test');
    });

    it('metadata and tags reach the events, recipient metadata over transmission metadata', async () => {
      const ann = uniqueEmail('meta');
      const id = await sent(production, {
        campaign_id: 'spring',
        metadata: { plan: 'pro', source: 'api' },
        recipients: [{ address: ann, tags: ['vip', 'eu'], metadata: { source: 'crm', user: 7 } }],
        content: { from, subject: 'Meta', text: 'x' },
      });
      const [injection] = await eventsOf(id);
      expect(injection?.body).toMatchObject({
        rcpt_tags: ['vip', 'eu'],
        rcpt_meta: { plan: 'pro', source: 'crm', user: 7 },
      });
      // The search window ends at now, exclusive: let the clock move past the injection.
      t.clock.advance(1000);
      const events = await engineCall(
        t.app,
        production,
        'GET',
        `/events/message?recipients=${encodeURIComponent(ann)}`,
      );
      expect(events.statusCode, events.body).toBe(200);
      expect(events.json().results[0]).toMatchObject({
        type: 'injection',
        campaign_id: 'spring',
        rcpt_to: ann,
        rcpt_tags: ['vip', 'eu'],
        rcpt_meta: { plan: 'pro', source: 'crm', user: 7 },
      });
    });
  });
});
