import { Webhook as StandardWebhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { subaccountWithKey } from '../../testing/engine.ts';
import { eventsOf, useWebhookDelivery } from '../../testing/webhook-delivery-suite.ts';
import { retryDelayMs } from './webhook-dispatcher.ts';

describe.each(databases)('webhook delivery on $name', (database) => {
  const { t, call, event, write, hook, postsTo, drain, deactivate, state } = useWebhookDelivery(database);

  it("POSTs SparkPost's envelope of the written events, signed, to the webhooks that want them", async () => {
    const { a, b } = state();
    const { id, signing_secret: secret } = await hook('envelope', {
      custom_headers: { 'x-api-key': 'abcd' },
    });
    const sub = await subaccountWithKey(t.app, a, 'excluded');
    const partial = await hook('master-only-except', { exception_subaccounts: [sub.id] });
    await write([
      event(a, { rcptTo: 'one@mail.example' }),
      event(a, {
        type: 'click',
        rcptTo: 'two@mail.example',
        fields: { target_link_url: 'https://shop.example/x' },
      }),
      event(a, { type: 'injection', rcptTo: 'not-wanted@mail.example' }),
      event(b, { rcptTo: 'other-company@mail.example' }),
      event(a, { type: 'generation_failure', rcptTo: 'three@mail.example' }),
      event(a, { subaccountId: sub.id, rcptTo: 'sub@mail.example' }),
    ]);
    await drain();

    const [post, rest] = postsTo('envelope');
    expect(postsTo('envelope')).toHaveLength(2);
    expect(post?.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': expect.stringMatching(/^MessageSystems-Webhooks/),
      'x-api-key': 'abcd',
    });
    const batchId = post?.headers['x-messagesystems-batch-id'];
    expect(batchId).toMatch(/^[0-9a-f]{32}$/);
    expect(post?.headers['webhook-id']).toBe(batchId);
    const verified = new StandardWebhook(secret).verify(
      post?.body ?? '',
      post?.headers as Record<string, string>,
    );
    expect(verified).toEqual(JSON.parse(post?.body ?? ''));
    const events = eventsOf(post?.body ?? '');
    // Batches of 3 here; the master's webhook gets its subaccounts' events too.
    expect(events.map((entry) => [entry.key, entry.type, entry.rcpt_to])).toEqual([
      ['message_event', 'delivery', 'one@mail.example'],
      ['track_event', 'click', 'two@mail.example'],
      ['gen_event', 'generation_failure', 'three@mail.example'],
    ]);
    expect(eventsOf(rest?.body ?? '').map((entry) => [entry.rcpt_to, entry.subaccount_id])).toEqual([
      ['sub@mail.example', String(sub.id)],
    ]);
    // The events API's fields, as GET /events/message serves them.
    expect(events[0]).toMatchObject({
      customer_id: a.companyId,
      subaccount_id: '0',
      msg_from: 'bounces@shop.example',
      event_id: expect.stringMatching(/^\d+$/),
    });
    // The master's webhook gets subaccount events, unless the subaccount is excepted.
    const partialEvents = postsTo('master-only-except').flatMap((p) => eventsOf(p.body));
    expect(partialEvents.map((entry) => entry.rcpt_to)).not.toContain('sub@mail.example');
    expect(
      postsTo('envelope')
        .flatMap((p) => eventsOf(p.body))
        .map((e) => e.rcpt_to),
    ).not.toContain('other-company@mail.example');

    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(status).toHaveLength(2);
    expect(status).toContainEqual({
      batch_id: batchId,
      webhook_id: id,
      ts: expect.any(String),
      batch_size: 3,
      attempts: 0,
      response_code: '200',
      latency: expect.any(Number),
      state: 'delivered',
    });
    expect((await call(a, 'GET', `/webhooks/${id}`)).json().results.last_successful).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    await deactivate(id);
    await deactivate(partial.id);
  });

  it("gives a subaccount's webhook that subaccount's events only", async () => {
    const { receiver, a } = state();
    const sub = await subaccountWithKey(t.app, a, 'own-events');
    const created = await call(
      a,
      'POST',
      '/webhooks',
      { name: 'sub', target: `${receiver.url}/sub-only`, events: ['delivery'] },
      { subaccount: sub.id },
    );
    expect(created.statusCode, created.body).toBe(200);
    await write([
      event(a, { rcptTo: 'master@mail.example' }),
      event(a, { subaccountId: sub.id, rcptTo: 'mine@mail.example' }),
      event(a, { subaccountId: sub.id + 1000, rcptTo: 'elsewhere@mail.example' }),
    ]);
    await drain();
    const received = postsTo('sub-only').flatMap((post) => eventsOf(post.body).map((entry) => entry.rcpt_to));
    expect(received).toEqual(['mine@mail.example']);
    await call(a, 'PUT', `/webhooks/${created.json().results.id}`, { active: false });
  });

  it('refreshes an OAuth2 token the target refuses, and retries with the new one', async () => {
    const { receiver, tokens, a } = state();
    let issued = 0;
    tokens.respond(() => {
      issued += 1;
      return { status: 200, body: { access_token: `tok-${issued}`, expires_in: 3600 } };
    });
    let accepted = 'Bearer tok-1';
    receiver.respond((post) =>
      post.path !== '/oauth' || post.headers.authorization === accepted ? { status: 200 } : { status: 401 },
    );
    const { id } = await hook('oauth', {
      auth_type: 'oauth2',
      auth_request_details: {
        url: `${tokens.url}/token`,
        body: { client_id: 'CLIENT123', client_secret: '9sdfj791d2bsbf', grant_type: 'client_credentials' },
      },
    });
    expect(new URLSearchParams(tokens.posts[0]?.body).get('client_secret')).toBe('9sdfj791d2bsbf');
    const shown = (await call(a, 'GET', `/webhooks/${id}`)).json().results;
    expect(shown.auth_credentials).toEqual({ access_token: 'tok-1', expires_in: 3600 });
    const listed = (await call(a, 'GET', '/webhooks'))
      .json()
      .results.find((w: { id: string }) => w.id === id);
    expect(listed.auth_request_details.body).toEqual({
      client_id: 'CLIENT123',
      grant_type: 'client_credentials',
    });

    await write([event(a, { rcptTo: 'first-token@mail.example' })]);
    await drain();
    expect(postsTo('oauth').at(-1)?.headers.authorization).toBe('Bearer tok-1');
    expect(issued).toBe(1);

    accepted = 'Bearer tok-2';
    await write([event(a, { rcptTo: 'second-token@mail.example' })]);
    await drain();
    const [refused, retried] = postsTo('oauth').slice(-2);
    expect(refused?.headers.authorization).toBe('Bearer tok-1');
    expect(retried?.headers.authorization).toBe('Bearer tok-2');
    expect(retried?.headers['x-messagesystems-batch-id']).toBe(refused?.headers['x-messagesystems-batch-id']);
    expect(issued).toBe(2);
    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(status[0]).toMatchObject({ attempts: 0, response_code: '200' });
    await deactivate(id);
  });

  it('checks the target again when sending: a network no longer allowed is not reached', async () => {
    const { a } = state();
    const { id } = await hook('recheck');
    const strict = t.engine.webhooks.dispatcher({ resolve: async () => [], allowedNetworks: [] }, () => {});
    await write([event(a, { rcptTo: 'private@mail.example' })]);
    await strict.runOnce();
    strict.close();
    expect(postsTo('recheck')).toEqual([]);
    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(status[0]).toMatchObject({ attempts: 1, batch_size: 1 });
    expect(status[0].response_code).toBeUndefined();
    // With the network allowed again, the batch goes out when due.
    t.clock.advance(retryDelayMs(1));
    await drain();
    expect(
      postsTo('recheck')
        .flatMap((post) => eventsOf(post.body))
        .map((e) => e.rcpt_to),
    ).toEqual(['private@mail.example']);
    await deactivate(id);
  });
});
