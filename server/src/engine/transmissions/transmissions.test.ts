import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databasesWithWorker } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall, transmit } from '../../testing/engine.ts';
import { factsEvent, messageFacts } from '../messages/message-facts.ts';

const inline = (overrides: Record<string, unknown> = {}) => ({
  campaign_id: 'welcome',
  metadata: { plan: 'pro' },
  substitution_data: { product: 'Acme Mail' },
  recipients: [
    {
      address: { email: 'ann@example.test', name: 'Ann' },
      substitution_data: { first: 'Ann' },
      tags: ['vip'],
    },
    { address: 'bob@example.test', substitution_data: { first: 'Bob' } },
  ],
  content: {
    from: { email: 'news@acme.test', name: 'Acme' },
    subject: 'Hi {{first}}',
    html: '<p>Welcome to {{product}}, {{first}} &amp; co</p>',
  },
  ...overrides,
});

describe.each(databasesWithWorker)('transmissions on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'tx-a');
    b = await engineAccount(t.app, t.db, 'tx-b');
  });

  const send = (account: EngineAccount, body: unknown) => transmit(t, account, body);
  const messagesOf = (transmissionId: string) =>
    t.db.query<{
      rcpt_to: string;
      subject: string;
      raw: Buffer;
      message_id_header: string;
      environment: string;
    }>(
      'SELECT rcpt_to, subject, raw, message_id_header, environment FROM messages WHERE transmission_id = $1 ORDER BY rcpt_to',
      [transmissionId],
    );
  const eventsOf = (transmissionId: string) =>
    t.db.query<{ type: string; rcpt_to: string; reason: string; body: Record<string, unknown> }>(
      'SELECT type, rcpt_to, reason, body FROM message_events WHERE transmission_id = $1 ORDER BY rcpt_to, type',
      [transmissionId],
    );

  it('accepts an inline transmission: one composed message and one injection event per recipient', async () => {
    const response = await send(a, inline());
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toEqual({
      total_rejected_recipients: 0,
      total_accepted_recipients: 2,
      id: expect.stringMatching(/^\d+$/),
    });
    const messages = await messagesOf(results.id);
    expect(messages.map((message) => [message.rcpt_to, message.subject])).toEqual([
      ['ann@example.test', 'Hi Ann'],
      ['bob@example.test', 'Hi Bob'],
    ]);
    const raw = Buffer.from(messages[0]?.raw ?? []).toString() ?? '';
    expect(raw).toContain('From: Acme <news@acme.test>');
    expect(raw).toContain('To: Ann <ann@example.test>');
    expect(raw).toContain(`Message-ID: ${messages[0]?.message_id_header}`);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(messages[0]?.message_id_header).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/);
    const events = await eventsOf(results.id);
    expect(events.map((event) => [event.type, event.rcpt_to])).toEqual([
      ['injection', 'ann@example.test'],
      ['injection', 'bob@example.test'],
    ]);
    expect(events[0]?.body).toMatchObject({ rcpt_tags: ['vip'], rcpt_meta: { plan: 'pro' } });
  });

  it('tells to, cc and bcc recipients apart (header_to and the CC header, as the client sends them)', async () => {
    const response = await send(
      a,
      inline({
        recipients: [
          { address: { email: 'to@example.test' } },
          { address: { email: 'cc@example.test', header_to: 'to@example.test' } },
          { address: { email: 'bcc@example.test', header_to: 'to@example.test' } },
        ],
        content: { from: 'a@acme.test', subject: 'Copies', text: 'x', headers: { CC: 'cc@example.test' } },
      }),
    );
    const events = await eventsOf(response.json().results.id);
    expect(events.map((event) => [event.rcpt_to, event.body.rcpt_type])).toEqual([
      ['bcc@example.test', 'bcc'],
      ['cc@example.test', 'cc'],
      ['to@example.test', 'to'],
    ]);
    const raw = (await messagesOf(response.json().results.id)).map((message) =>
      Buffer.from(message.raw).toString(),
    );
    for (const message of raw) {
      expect(message).toContain('To: to@example.test');
      expect(message).not.toContain('bcc@example.test');
    }
    // Every later event of a message (delivery, bounce, open, click) repeats how it was addressed.
    const stored = await t.db.query<{ id: string; rcpt_to: string }>(
      'SELECT id, rcpt_to FROM messages WHERE transmission_id = $1 ORDER BY rcpt_to',
      [response.json().results.id],
    );
    const later = await Promise.all(
      stored.map(async ({ id }) => {
        const facts = await messageFacts(t.db, id);
        if (!facts) throw new Error(`no message ${id}`);
        return factsEvent(facts, 'delivery', new Date(), { fields: {} }).fields.rcpt_type;
      }),
    );
    expect(later).toEqual(['bcc', 'cc', 'to']);
  });

  it('reports invalid recipients in rcpt_to_errors and sends to the others', async () => {
    const response = await send(
      a,
      inline({
        recipients: [{ address: { email: 'not-an-address' } }, { address: { email: 'ok@example.test' } }],
      }),
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errors).toEqual([
      { message: 'transmission created, but with validation errors', code: '2000' },
    ]);
    expect(body.results).toMatchObject({ total_rejected_recipients: 1, total_accepted_recipients: 1 });
    expect(body.results.rcpt_to_errors[0]).toMatchObject({ code: '1300' });
    const none = await send(a, inline({ recipients: [{ address: { email: 'nope' } }] }));
    expect(none.statusCode).toBe(422);
  });

  it('refuses malformed requests with SparkPost errors and writes nothing', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages');
    const missing = await send(a, { recipients: [{ address: 'x@example.test' }] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].description).toContain('content');
    const syntax = await send(
      a,
      inline({ content: { from: 'a@acme.test', subject: 'Hi {{if x}}', text: 'x' } }),
    );
    expect(syntax.statusCode).toBe(422);
    expect(syntax.json().errors[0].description).toContain('subject');
    const template = await send(a, inline({ content: { template_id: 'missing-template' } }));
    expect(template.statusCode).toBe(422);
    expect(template.json().errors).toEqual([
      {
        message: 'Subresource not found',
        description: "template 'missing-template' does not exist",
        code: '1603',
      },
    ]);
    const after = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages');
    expect(after.n).toBe(before.n);
  });

  it('a rendering failure becomes a generation event, not a crash', async () => {
    const response = await send(
      a,
      inline({
        recipients: [
          { address: 'empty@example.test', substitution_data: { first: '' } },
          { address: 'full@example.test' },
        ],
        content: { from: 'a@acme.test', subject: '{{first}}', text: 'hello' },
        substitution_data: { first: 'Default' },
      }),
    );
    expect(response.statusCode).toBe(200);
    const events = await eventsOf(response.json().results.id);
    expect(events.map((event) => [event.type, event.rcpt_to])).toEqual([
      ['generation_rejection', 'empty@example.test'],
      ['injection', 'full@example.test'],
    ]);
  });

  it('sends raw RFC 822 content with substitution and adds a Message-ID', async () => {
    const response = await send(a, {
      recipients: [{ address: 'raw@example.test', substitution_data: { name: 'Raw' } }],
      content: { email_rfc822: 'From: Acme <a@acme.test>\nSubject: Hello {{name}}\n\nBody for {{name}}\n' },
    });
    expect(response.statusCode).toBe(200);
    const [message] = await messagesOf(response.json().results.id);
    expect(message?.subject).toBe('Hello Raw');
    expect(Buffer.from(message?.raw ?? []).toString()).toMatch(
      /^Message-ID: <.+@acme\.test>\r\nFrom: Acme <a@acme\.test>\r\nSubject: Hello Raw\r\n\r\nBody for Raw/,
    );
  });

  it('schedules a transmission, lists it, generates it when due, and cancels another', async () => {
    const start = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await send(a, inline({ options: { start_time: start } }));
    expect(scheduled.statusCode).toBe(200);
    const { id } = scheduled.json().results;
    expect(await messagesOf(id)).toHaveLength(0);
    const got = await engineCall(t.app, a, 'GET', `/transmissions/${id}`);
    expect(got.json().results.transmission).toMatchObject({
      id,
      state: 'submitted',
      start_time: start,
      num_rcpts: 2,
      metadata: { plan: 'pro' },
      substitution_data: { product: 'Acme Mail' },
      options: { start_time: start },
    });
    expect(got.json().results.transmission).not.toHaveProperty('generation_start_time');
    expect((await engineCall(t.app, b, 'GET', `/transmissions/${id}`)).statusCode).toBe(404);
    expect((await engineCall(t.app, b, 'DELETE', `/transmissions/${id}`)).statusCode).toBe(404);

    const other = (await send(a, inline({ options: { start_time: start } }))).json().results.id;
    expect((await engineCall(t.app, a, 'DELETE', `/transmissions/${other}`)).statusCode).toBe(204);
    expect(
      (await engineCall(t.app, a, 'GET', `/transmissions/${other}`)).json().results.transmission.state,
    ).toBe('Canceled');

    expect(await t.engine.transmissions.runDue()).toBe(0);
    t.clock.advance(3_600_000);
    expect(await t.engine.transmissions.runDue()).toBe(1);
    await t.composeQueued();
    expect((await messagesOf(id)).map((message) => message.subject)).toEqual(['Hi Ann', 'Hi Bob']);
    expect(
      (await engineCall(t.app, a, 'GET', `/transmissions/${id}`)).json().results.transmission,
    ).toMatchObject({
      state: 'Success',
      num_generated: 2,
      generation_start_time: t.clock.now().toISOString(),
      generation_end_time: t.clock.now().toISOString(),
    });
    expect(await t.engine.transmissions.runDue()).toBe(0);
  });

  it('does not generate a scheduled transmission of a subaccount suspended since; its recipients get generation_failure', async () => {
    const { subaccount_id: id } = (
      await engineCall(t.app, a, 'POST', '/subaccounts', { name: 'Later', setup_api_key: false })
    ).json().results;
    const start = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const scheduled = await engineCall(
      t.app,
      a,
      'POST',
      '/transmissions',
      inline({ options: { start_time: start } }),
      {
        subaccount: id,
      },
    );
    expect(scheduled.statusCode).toBe(200);
    const transmissionId = scheduled.json().results.id;
    expect(
      (await engineCall(t.app, a, 'PUT', `/subaccounts/${id}`, { status: 'suspended' })).statusCode,
    ).toBe(200);
    t.clock.advance(3_600_000);
    expect(await t.engine.transmissions.runDue()).toBe(1);
    expect(await messagesOf(transmissionId)).toHaveLength(0);
    const events = await eventsOf(transmissionId);
    expect(events.map((event) => event.type)).toEqual(['generation_failure', 'generation_failure']);
    expect(events[0]?.reason).toContain('suspended');
  });

  it("no company reads or lists another's transmissions", async () => {
    const { id } = (await send(a, inline())).json().results;
    expect((await engineCall(t.app, b, 'GET', `/transmissions/${id}`)).statusCode).toBe(404);
    const listed = (await engineCall(t.app, b, 'GET', '/transmissions')).json().results;
    expect(listed.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(
      (await engineCall(t.app, a, 'GET', '/transmissions'))
        .json()
        .results.map((item: { id: string }) => item.id),
    ).toContain(id);
  });
});
