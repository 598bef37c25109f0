import SparkPost from 'sparkpost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/src/db/pglite.ts';
import { startTestDnsServer, type TestDnsServer } from '../../server/src/testing/dns-server.ts';
import { clientFailure } from '../../server/src/testing/engine.ts';
import { verifySendingDomain } from './sending-domain.ts';
import { type ServerProcess, serverProcess } from './server-process.ts';

/** A message event as the API serves it (the fields these tests read). */
interface EventView {
  type: string;
  rcpt_to: string;
  rcpt_type?: string;
  subject: string;
  campaign_id: string;
  template_id?: string;
  transmission_id?: string;
  subaccount_id: string;
  reason?: string;
}

interface EventPage {
  results: EventView[];
  total_count: number;
  links: { next?: string };
}

// @types/sparkpost types transmissions.get as the transmission itself; the API (and so the client)
// answers {results: {transmission}}.
const transmissionOf = async (client: SparkPost, id: string) =>
  ((await client.transmissions.get(id)).results as unknown as { transmission: Record<string, unknown> })
    .transmission;

// v2.1.4 of the client has `events.searchMessage` (GET /events/message) but no typing for it.
const searchEvents = (client: SparkPost, query: Record<string, string | number | string[]>) =>
  (
    client as unknown as { events: { searchMessage(query: object): Promise<EventPage> } }
  ).events.searchMessage(query);

/**
 * searchEvents once at least `count` events match: a production message's injection event is
 * written when a delivery worker composes it, moments after the send's answer.
 */
async function searchAtLeast(
  client: SparkPost,
  query: Record<string, string | number | string[]>,
  count: number,
): Promise<EventPage> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await searchEvents(client, query);
    if (page.total_count >= count || Date.now() > deadline) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const from = { email: 'news@acme.test', name: 'Acme' };

// The official `sparkpost` npm client (v2), unmodified, against the server run as a separate
// process, set up with the operator CLI as an operator would.
describe('the sparkpost client against a server process', () => {
  let server: ServerProcess;
  let dns: TestDnsServer;
  let client: SparkPost;
  const sent: Record<string, string> = {};

  beforeAll(async () => {
    dns = await startTestDnsServer();
    server = await serverProcess({ DNS_SERVERS: dns.address });
    const email = 'x@example.test';
    await server.admin('create-company', '--name', 'X', '--email', email, '--password', 'Passw0rd-x');
    const key = (await server.admin('create-api-key', '--email', email, '--label', 't')).at(-1) ?? '';
    await server.admin('set-environment', '--email', email, '--environment', 'production');
    await server.admin('set-plan', '--email', email, '--plan', 'UNLIMITED');
    await server.start();
    await verifySendingDomain(server.origin, key, 'acme.test', dns, { shared: true });
    client = new SparkPost(key, { origin: server.origin });
  });

  afterAll(async () => {
    await server?.dispose();
    await dns?.close();
  });

  it('sends inline content with cc and bcc: one message per address, To and CC headers as SparkPost sets them', async () => {
    const answer = await client.transmissions.send({
      campaign_id: 'inline',
      recipients: [{ address: { email: 'to@example.test', name: 'To Person' } }],
      cc: [{ address: { email: 'cc@example.test', name: 'Cc Person' } }],
      bcc: [{ address: 'bcc@example.test' }],
      content: { from, subject: 'Hello', text: 'Hello there' },
    });
    expect(answer.results).toMatchObject({ total_accepted_recipients: 3, total_rejected_recipients: 0 });
    sent.inline = answer.results.id;

    const events = await searchAtLeast(client, { transmissions: answer.results.id, events: 'injection' }, 3);
    const byRecipient = Object.fromEntries(events.results.map((event) => [event.rcpt_to, event]));
    expect(Object.keys(byRecipient).sort()).toEqual([
      'bcc@example.test',
      'cc@example.test',
      'to@example.test',
    ]);
    expect(byRecipient['to@example.test']).toMatchObject({ rcpt_type: 'to', subject: 'Hello' });
    expect(byRecipient['cc@example.test']).toMatchObject({ rcpt_type: 'cc', campaign_id: 'inline' });
  });

  it('sends with a published template and substitution data', async () => {
    const created = await client.templates.create({
      name: 'Receipt',
      published: true,
      content: { from, subject: 'Receipt for {{name}}', html: '<p>Total {{total}}, {{name}}</p>' },
    });
    expect(created.results.id).toBe('receipt');
    const answer = await client.transmissions.send({
      campaign_id: 'receipts',
      substitution_data: { total: '5 EUR' },
      recipients: [
        { address: 'pat@example.test', substitution_data: { name: 'Pat' } },
        { address: 'sam@example.test', substitution_data: { name: 'Sam' } },
      ],
      content: { template_id: 'receipt' },
    });
    expect(answer.results.total_accepted_recipients).toBe(2);
    sent.template = answer.results.id;

    const events = await searchAtLeast(client, { transmissions: answer.results.id, events: 'injection' }, 2);
    expect(events.results.map((event) => [event.rcpt_to, event.subject, event.template_id]).sort()).toEqual([
      ['pat@example.test', 'Receipt for Pat', 'receipt'],
      ['sam@example.test', 'Receipt for Sam', 'receipt'],
    ]);
  });

  it('lists and gets transmissions', async () => {
    const listed = await client.transmissions.list();
    const ids = listed.results.map((transmission) => transmission.id);
    expect(ids).toEqual(expect.arrayContaining([sent.inline, sent.template]));
    const onlyReceipts = await client.transmissions.list({ campaign_id: 'receipts' });
    expect(onlyReceipts.results.map((transmission) => transmission.id)).toEqual([sent.template]);

    expect(await transmissionOf(client, sent.template ?? '')).toMatchObject({
      id: sent.template,
      state: 'Success',
      campaign_id: 'receipts',
      content: { template_id: 'receipt' },
      num_rcpts: 2,
      num_generated: 2,
    });
    const missing = await clientFailure(client.transmissions.get('999999999'));
    expect(missing.statusCode).toBe(404);
  });

  it('schedules a transmission an hour ahead and cancels it with DELETE', async () => {
    const startTime = new Date(Date.now() + 3_600_000).toISOString();
    const answer = await client.transmissions.send({
      options: { start_time: startTime },
      recipients: [{ address: 'later@example.test' }],
      content: { from, subject: 'Later', text: 'Later' },
    });
    const { id } = answer.results;
    expect(await transmissionOf(client, id)).toMatchObject({ state: 'submitted' });
    // v2 of the client has no transmissions.delete: its generic request does it.
    await client.delete({ uri: `transmissions/${id}` });
    expect(await transmissionOf(client, id)).toMatchObject({ state: 'Canceled' });
  });

  it('sees SparkPost errors for an unknown path and an unknown template; deletes a campaign; reads the subaccount summary', async () => {
    const unknownPath = await clientFailure(client.get({ uri: 'no-such-thing' }));
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.errors).toEqual([
      expect.objectContaining({ message: 'resource not found', code: '1600' }),
    ]);

    const unknownTemplate = await clientFailure(
      client.transmissions.send({
        recipients: [{ address: 'ann@example.test' }],
        content: { template_id: 'christmas_offer' },
      }),
    );
    expect(unknownTemplate.statusCode).toBe(422);
    expect(unknownTemplate.errors).toEqual([
      {
        message: 'Subresource not found',
        description: "template 'christmas_offer' does not exist",
        code: '1603',
      },
    ]);

    const startTime = new Date(Date.now() + 3_600_000).toISOString();
    const { id } = (
      await client.transmissions.send({
        campaign_id: 'white-christmas',
        options: { start_time: startTime },
        recipients: [{ address: 'later@example.test' }],
        content: { from, subject: 'Later', text: 'Later' },
      })
    ).results;
    await client.delete({ uri: 'transmissions', qs: { campaign_id: 'white-christmas' } });
    expect(await transmissionOf(client, id)).toMatchObject({ state: 'Canceled' });

    const summary = (await client.get({ uri: 'subaccounts/summary' })) as unknown as {
      results: { total: number };
    };
    expect(summary.results.total).toEqual(expect.any(Number));
  });

  it('manages the suppression list; a transmission to a suppressed address yields a policy_rejection', async () => {
    const upserted = await client.suppressionList.upsert([
      { recipient: 'Blocked@Example.test', type: 'transactional', description: 'asked us' },
      { recipient: 'gone@example.test', type: 'non_transactional' },
    ] as Parameters<SparkPost['suppressionList']['upsert']>[0]);
    expect(upserted.results).toMatchObject({ message: expect.any(String) });

    const entry = await client.suppressionList.get('blocked@example.test');
    expect(entry.results).toEqual([
      expect.objectContaining({
        recipient: 'blocked@example.test',
        type: 'transactional',
        description: 'asked us',
        source: 'Manually Added',
      }),
    ]);
    const listed = await client.suppressionList.list({ types: 'non_transactional' } as object);
    expect(listed.results.map((item) => item.recipient)).toEqual(['gone@example.test']);

    await client.suppressionList.delete('gone@example.test');
    expect((await clientFailure(client.suppressionList.get('gone@example.test'))).statusCode).toBe(404);

    const answer = await client.transmissions.send({
      options: { transactional: true },
      campaign_id: 'suppressed',
      recipients: [{ address: 'blocked@example.test' }, { address: 'open@example.test' }],
      content: { from, subject: 'Order shipped', text: 'Shipped' },
    });
    const events = await searchAtLeast(
      client,
      { transmissions: answer.results.id, events: ['injection', 'policy_rejection'] },
      2,
    );
    expect(events.results.map((event) => [event.type, event.rcpt_to]).sort()).toEqual([
      ['injection', 'open@example.test'],
      ['policy_rejection', 'blocked@example.test'],
    ]);
    expect(events.results.find((event) => event.type === 'policy_rejection')?.reason).toBeTruthy();
  });

  it('manages subaccounts; a suspended subaccount key gets 403', async () => {
    const created = await client.subaccounts.create({
      name: 'Shop',
      setup_api_key: true,
      key_label: 'shop key',
      key_grants: ['transmissions/modify', 'message_events/view'],
    } as Parameters<SparkPost['subaccounts']['create']>[0]);
    const { subaccount_id: id, key } = created.results;
    expect(id).toEqual(expect.any(Number));
    expect(key).toEqual(expect.any(String));

    const listed = await client.subaccounts.list();
    expect(listed.results).toEqual([expect.objectContaining({ id, name: 'Shop', status: 'active' })]);
    expect((await client.subaccounts.get(String(id))).results).toMatchObject({ id, status: 'active' });

    const shop = new SparkPost(key, { origin: server.origin });
    const shopSend = await shop.transmissions.send({
      campaign_id: 'shop',
      recipients: [{ address: 'buyer@example.test' }],
      content: { from, subject: 'Thanks', text: 'Thanks' },
    });
    const shopEvents = await searchAtLeast(
      shop,
      { transmissions: shopSend.results.id, events: 'injection' },
      1,
    );
    expect(shopEvents.results.map((event) => event.subaccount_id)).toEqual([String(id)]);
    const asMaster = await searchEvents(client, { subaccounts: String(id), events: 'injection' });
    expect(asMaster.results.map((event) => event.rcpt_to)).toEqual(['buyer@example.test']);

    await client.subaccounts.update(String(id), { name: 'Shop (paused)', status: 'suspended' });
    expect((await client.subaccounts.get(String(id))).results).toMatchObject({
      name: 'Shop (paused)',
      status: 'suspended',
    });
    const refused = await clientFailure(
      shop.transmissions.send({
        recipients: [{ address: 'buyer@example.test' }],
        content: { from, subject: 'Thanks', text: 'Thanks' },
      }),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.errors[0]?.description).toContain('suspended');
  });

  it('searches message events by type, recipient and campaign, paging with links.next', async () => {
    const recipients = ['p1', 'p2', 'p3', 'p4', 'p5'].map((name) => ({ address: `${name}@example.test` }));
    await client.transmissions.send({
      campaign_id: 'paging',
      recipients,
      content: { from, subject: 'Page', text: 'Page' },
    });

    const seen: string[] = [];
    let page = await searchAtLeast(client, { events: ['injection'], campaigns: 'paging', per_page: 2 }, 5);
    expect(page.total_count).toBe(5);
    for (;;) {
      expect(page.results.length).toBeLessThanOrEqual(2);
      seen.push(...page.results.map((event) => event.rcpt_to));
      if (!page.links.next) break;
      page = (await client.get({ uri: page.links.next })) as unknown as EventPage;
    }
    expect(seen.sort()).toEqual(recipients.map((recipient) => recipient.address));

    const one = await searchEvents(client, {
      events: 'injection',
      recipients: 'p3@example.test',
      campaigns: ['paging', 'inline'],
    });
    expect(one.results.map((event) => [event.type, event.rcpt_to])).toEqual([
      ['injection', 'p3@example.test'],
    ]);
    // MAIL_MODE=capture (this server's): the workers mark production mail delivered here, and say so.
    await expect
      .poll(
        async () =>
          (await searchEvents(client, { events: 'delivery', recipients: 'p3@example.test' })).results,
        {
          timeout: 10_000,
        },
      )
      .toEqual([expect.objectContaining({ type: 'delivery', delv_method: 'capture' })]);
    const rejections = await searchEvents(client, { events: 'policy_rejection' });
    expect(rejections.results.map((event) => event.rcpt_to)).toEqual(['blocked@example.test']);
  });

  it('fails with SparkPost errors: 401 for a bad key, 422 for a bad body', async () => {
    const stranger = new SparkPost('not-a-key', { origin: server.origin });
    const unauthorized = await clientFailure(stranger.transmissions.list());
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.errors[0]?.message).toBe('Unauthorized.');

    const invalid = await clientFailure(
      client.transmissions.send({ recipients: [{ address: 'x@example.test' }] } as Parameters<
        SparkPost['transmissions']['send']
      >[0]),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.errors.length).toBeGreaterThan(0);
    expect(invalid.errors[0]?.description).toContain('content');
  });

  it('stops on SIGTERM, leaving the composed messages in its data directory', async () => {
    expect(await server.stop()).toBe(0);
    const db = await openPglite(server.dataDir);
    try {
      const messages = await db.query<{ rcpt_to: string; raw: Uint8Array }>(
        'SELECT rcpt_to, raw FROM messages WHERE transmission_id = $1 ORDER BY rcpt_to',
        [sent.inline],
      );
      expect(messages.map((message) => message.rcpt_to)).toEqual([
        'bcc@example.test',
        'cc@example.test',
        'to@example.test',
      ]);
      for (const message of messages) {
        const headers = Buffer.from(message.raw).toString().split('\r\n\r\n')[0] ?? '';
        expect(headers).toMatch(/^To: "?To Person"? <to@example\.test>$/m);
        expect(headers).toMatch(/^CC: "?Cc Person"? <cc@example\.test>$/im);
        expect(headers).not.toContain('bcc@example.test');
      }
      const receipts = await db.query<{ rcpt_to: string; raw: Uint8Array }>(
        'SELECT rcpt_to, raw FROM messages WHERE transmission_id = $1 ORDER BY rcpt_to',
        [sent.template],
      );
      expect(receipts.map((message) => Buffer.from(message.raw).toString())).toEqual([
        expect.stringContaining('Total 5 EUR, Pat'),
        expect.stringContaining('Total 5 EUR, Sam'),
      ]);
    } finally {
      await db.close();
    }
  });
});
