import pino from 'pino';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDnsResolver } from '../../dns/resolver.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';
import { testEvent } from '../../testing/events.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { startWorkers } from '../../workers.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import { createWebhookDispatcher, retryDelayMs } from './webhook-dispatcher.ts';
import type { WebhookSender } from './webhook-sender.ts';

const minute = 60_000;
const hour = 60 * minute;

interface Entry {
  msys: Record<string, { type: string; event_id: string; rcpt_to: string; subaccount_id: string }>;
}

/** The events of a batch body: envelope key and event. */
const eventsOf = (body: string) =>
  (JSON.parse(body) as Entry[]).map((entry) => {
    const [key, event] = Object.entries(entry.msys)[0] ?? [];
    return { key, ...event };
  });

describe.each(databases)('webhook delivery on $name', (database) => {
  let receiver: WebhookReceiver;
  let tokens: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    tokens = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await tokens.close();
  });
  const t = useTestApp(database, () => ({ config: { webhookAllowedNetworks: ['127.0.0.0/8'] } }));
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;
  let dispatcher: WebhookDispatcher & { close(): void };
  const errors: unknown[] = [];

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'deliver-a');
    b = await engineAccount(t.app, t.db, 'deliver-b');
    dispatcher = t.engine.webhooks.dispatcher(
      { resolve: async () => [], allowedNetworks: ['127.0.0.0/8'], timeoutMs: 2_000 },
      (error) => errors.push(error),
      { batchSize: 3 },
    );
  });
  afterAll(() => dispatcher.close());
  beforeEach(() => {
    receiver.respond(() => ({ status: 200, body: 'OK' }));
  });

  const event = (account: EngineAccount, overrides: Partial<NewMessageEvent> = {}): NewMessageEvent =>
    testEvent(account.companyId, t.clock.now(), {
      fields: { msg_from: 'bounces@shop.example' },
      ...overrides,
    });
  const write = (events: NewMessageEvent[]) => t.db.transaction((tx) => t.engine.events.insert(tx, events));
  const hook = async (path: string, overrides: Record<string, unknown> = {}, account = a) => {
    const created = await call(account, 'POST', '/webhooks', {
      name: path,
      target: `${receiver.url}/${path}`,
      events: ['delivery', 'bounce', 'click', 'generation_failure', 'list_unsubscribe'],
      ...overrides,
    });
    expect(created.statusCode, created.body).toBe(200);
    return created.json().results as { id: string; signing_secret: string };
  };
  const postsTo = (path: string) =>
    receiver.posts.filter((post) => post.path === `/${path}` && post.body !== '[{"msys":{}}]');
  /** Runs the dispatcher until it has nothing due. */
  const drain = async () => {
    while ((await dispatcher.runOnce()) > 0) {
      // more batches
    }
  };
  const deactivate = (id: string) => call(a, 'PUT', `/webhooks/${id}`, { active: false });

  it("POSTs SparkPost's envelope of the written events, signed, to the webhooks that want them", async () => {
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

  it('retries the same batch through failures and an outage, then delivers every event once, in order', async () => {
    const { id } = await hook('flaky');
    receiver.respond((post) => (post.path === '/flaky' ? { status: 500, body: 'busy' } : { status: 200 }));
    const first = Array.from({ length: 5 }, (_, n) => event(a, { rcptTo: `r${n}@mail.example` }));
    await write(first);
    await drain();
    const failedOnce = postsTo('flaky');
    expect(failedOnce).toHaveLength(1);
    const batchId = failedOnce[0]?.headers['x-messagesystems-batch-id'];
    // Shown as retrying, with the receiver's answer and when the next attempt is due.
    const retrying = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(retrying).toEqual([
      expect.objectContaining({
        batch_id: batchId,
        attempts: 1,
        response_code: '500',
        failure_code: '500',
        state: 'retrying',
        next_attempt: new Date(t.clock.now().getTime() + retryDelayMs(1)).toISOString(),
      }),
    ]);

    // Events written meanwhile wait behind the failing batch.
    const later = Array.from({ length: 2 }, (_, n) => event(a, { rcptTo: `later${n}@mail.example` }));
    await write(later);
    await drain();
    expect(postsTo('flaky')).toHaveLength(1);

    receiver.respond((post) => (post.path === '/flaky' ? { status: 0 } : { status: 200 }));
    t.clock.advance(retryDelayMs(1));
    await drain();
    expect(postsTo('flaky')).toHaveLength(2);
    t.clock.advance(retryDelayMs(2));
    await drain();
    expect(postsTo('flaky')).toHaveLength(3);
    const retried = postsTo('flaky');
    expect(new Set(retried.map((post) => post.headers['x-messagesystems-batch-id']))).toEqual(
      new Set([batchId]),
    );
    expect(new Set(retried.map((post) => post.body)).size).toBe(1);

    receiver.respond(() => ({ status: 200 }));
    t.clock.advance(retryDelayMs(3));
    await drain();
    const delivered = postsTo('flaky').slice(3);
    const ids = delivered.flatMap((post) => eventsOf(post.body).map((entry) => entry.rcpt_to));
    expect(ids).toEqual([...first, ...later].map((entry) => entry.rcptTo));
    const eventIds = delivered.flatMap((post) =>
      eventsOf(post.body).map((entry) => BigInt(entry.event_id ?? '')),
    );
    expect(new Set(eventIds).size).toBe(7);
    expect(eventIds).toEqual(eventIds.toSorted((x, y) => (x < y ? -1 : x > y ? 1 : 0)));

    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    const firstStatus = status.find((entry: { batch_id: string }) => entry.batch_id === batchId);
    expect(firstStatus).toMatchObject({
      attempts: 3,
      response_code: '200',
      batch_size: 3,
      state: 'delivered',
    });
    expect(firstStatus.failure_code).toBeUndefined();
    expect(firstStatus.next_attempt).toBeUndefined();
    const shown = (await call(a, 'GET', `/webhooks/${id}`)).json().results;
    expect(shown.last_failure).toBeDefined();
    await deactivate(id);
  });

  it('gives a batch up after 8 hours, records the failure and goes on with the next', async () => {
    const { id } = await hook('gone');
    receiver.respond((post) => (post.path === '/gone' ? { status: 410 } : { status: 200 }));
    await write([event(a, { rcptTo: 'lost@mail.example' })]);
    await drain();
    // Queued during the outage, behind the failing batch: as old as it when its turn comes.
    await write([event(a, { rcptTo: 'also-old@mail.example' })]);
    for (let elapsed = 0; elapsed <= 9 * hour; elapsed += hour) {
      t.clock.advance(hour);
      await drain();
    }
    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(status).toHaveLength(2);
    // Queued as long ago as the failing batch: dropped with it, never sent.
    expect(status[0]).toMatchObject({ batch_size: 1, attempts: 0 });
    expect(status[0].failure_code).toBeUndefined();
    expect(status[1]).toMatchObject({ failure_code: '410', response_code: '410', state: 'failed' });
    expect(status[0].state).toBe('failed');
    expect(status[1].attempts).toBeGreaterThan(5);
    const attempts = postsTo('gone').length;
    expect(attempts).toBeGreaterThan(5);
    t.clock.advance(hour);
    await drain();
    expect(postsTo('gone')).toHaveLength(attempts);

    receiver.respond(() => ({ status: 200 }));
    await write([event(a, { rcptTo: 'next@mail.example' })]);
    await drain();
    expect(eventsOf(postsTo('gone').at(-1)?.body ?? '[]').map((entry) => entry.rcpt_to)).toEqual([
      'next@mail.example',
    ]);
    await deactivate(id);
  });

  it('sends the retries of a batch to the current target only, once the target changes', async () => {
    const { id } = await hook('moving');
    receiver.respond((post) => (post.path === '/moving' ? { status: 503 } : { status: 200 }));
    await write([event(a, { rcptTo: 'moved@mail.example' })]);
    await drain();
    expect(postsTo('moving')).toHaveLength(1);
    const moved = await call(a, 'PUT', `/webhooks/${id}`, { target: `${receiver.url}/moved` });
    expect(moved.statusCode, moved.body).toBe(200);
    t.clock.advance(retryDelayMs(1));
    await drain();
    expect(postsTo('moving')).toHaveLength(1);
    expect(postsTo('moved').map((post) => eventsOf(post.body)[0]?.rcpt_to)).toEqual(['moved@mail.example']);
    await deactivate(id);
  });

  it('drops at once the events that waited 8 hours behind a failing batch, and backs off between batches', async () => {
    const { id } = await hook('outage');
    receiver.respond((post) => (post.path === '/outage' ? { status: 503 } : { status: 200 }));
    await write([event(a, { rcptTo: 'first@mail.example' })]);
    await drain();
    // Seven events queued as old as the failing batch (more than two batches' worth).
    await write(Array.from({ length: 7 }, (_, n) => event(a, { rcptTo: `old-${n}@mail.example` })));
    t.clock.advance(5 * hour);
    await drain();
    await write([event(a, { rcptTo: 'recent@mail.example' })]);
    for (let elapsed = 5 * hour; elapsed < 8 * hour; elapsed += hour) {
      t.clock.advance(hour);
      await drain();
    }
    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(status.map((entry: { batch_size: number }) => entry.batch_size).toSorted()).toEqual([1, 7]);
    // The target is still down: nothing more until the backoff has passed, then one batch.
    const attempts = postsTo('outage').length;
    await drain();
    expect(postsTo('outage')).toHaveLength(attempts);
    t.clock.advance(hour);
    await drain();
    expect(postsTo('outage')).toHaveLength(attempts + 1);
    receiver.respond(() => ({ status: 200 }));
    t.clock.advance(hour);
    await drain();
    const delivered = postsTo('outage').at(-1)?.body ?? '[]';
    expect(eventsOf(delivered).map((entry) => entry.rcpt_to)).toEqual(['recent@mail.example']);
    await deactivate(id);
  });

  it('keeps at most the limit of events per webhook, dropping and counting the newer ones', async () => {
    const { id } = await hook('capped');
    await write(Array.from({ length: 5 }, (_, n) => event(a, { rcptTo: `capped-${n}@mail.example` })));
    // (Other tests' webhooks may have events waiting too.)
    expect(await t.engine.webhooks.outbox.trim(2, t.clock.now())).toBeGreaterThanOrEqual(3);
    const status = (await call(a, 'GET', `/webhooks/${id}/batch-status`)).json().results;
    expect(status).toMatchObject([{ batch_size: 3, attempts: 0 }]);
    await drain();
    expect(postsTo('capped').flatMap((post) => eventsOf(post.body).map((entry) => entry.rcpt_to))).toEqual([
      'capped-0@mail.example',
      'capped-1@mail.example',
    ]);
    await deactivate(id);
  });

  it('forgets the waiting events of a webhook made inactive, and never fails an event writer for a deleted one', async () => {
    const { id } = await hook('paused');
    receiver.respond((post) => (post.path === '/paused' ? { status: 503 } : { status: 200 }));
    await write([event(a, { rcptTo: 'pending@mail.example' })]);
    await drain();
    await write([event(a, { rcptTo: 'waiting@mail.example' })]);
    await deactivate(id);
    receiver.respond(() => ({ status: 200 }));
    expect((await call(a, 'PUT', `/webhooks/${id}`, { active: true })).statusCode).toBe(200);
    await write([event(a, { rcptTo: 'after@mail.example' })]);
    t.clock.advance(hour);
    await drain();
    expect(
      postsTo('paused')
        .slice(1)
        .flatMap((post) => eventsOf(post.body).map((entry) => entry.rcpt_to)),
    ).toEqual(['after@mail.example']);
    await call(a, 'DELETE', `/webhooks/${id}`);

    // What a writer racing the DELETE leaves: accepted, then removed by the housekeeping.
    await t.db.query(`INSERT INTO webhook_outbox (webhook_id, entry, queued_at) VALUES ($1, '{}', $2)`, [
      id,
      t.clock.now(),
    ]);
    await dispatcher.purgeStatus();
    expect(await t.db.query('SELECT 1 FROM webhook_outbox WHERE webhook_id = $1', [id])).toHaveLength(0);
  });

  it('refreshes an OAuth2 token the target refuses, and retries with the new one', async () => {
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

  it('claims the webhooks in turn: one just released goes behind the others', async () => {
    const first = await hook('turn-1');
    const second = await hook('turn-2');
    await write([event(a, { rcptTo: 'turns@mail.example' })]);
    const { outbox } = t.engine.webhooks;
    const claimed = await outbox.claim(t.clock.now(), minute);
    expect([first.id, second.id]).toContain(claimed);
    await outbox.release(claimed ?? '', t.clock.now());
    const next = await outbox.claim(t.clock.now(), minute);
    expect(next).toBe(claimed === first.id ? second.id : first.id);
    await outbox.release(next ?? '', t.clock.now());
    await drain();
    await deactivate(first.id);
    await deactivate(second.id);
  });

  it('sends each batch once when several dispatchers run at the same time', async () => {
    const { id } = await hook('shared');
    const others = [1, 2].map(() =>
      t.engine.webhooks.dispatcher({ resolve: async () => [], allowedNetworks: ['127.0.0.0/8'] }, () => {}, {
        batchSize: 2,
      }),
    );
    const written = Array.from({ length: 9 }, (_, n) => event(a, { rcptTo: `shared${n}@mail.example` }));
    await write(written);
    await Promise.all([dispatcher.runOnce(), ...others.map((other) => other.runOnce())]);
    for (const other of others) other.close();
    await drain();
    const received = postsTo('shared').flatMap((post) => eventsOf(post.body).map((entry) => entry.rcpt_to));
    expect(received).toEqual(written.map((entry) => entry.rcptTo));
    await deactivate(id);
  });

  it('is sent by the background workers', async () => {
    const { id } = await hook('workers');
    // No list to validate here: the resolver is never asked.
    const stop = startWorkers(t.db, t.engine, pino({ level: 'silent' }), {
      dns: createDnsResolver([]),
      webhooks: dispatcher,
    });
    try {
      await write([event(a, { rcptTo: 'background@mail.example' })]);
      await vi.waitFor(() => expect(postsTo('workers')).toHaveLength(1), { timeout: 10_000, interval: 100 });
    } finally {
      await stop();
    }
    expect(eventsOf(postsTo('workers')[0]?.body ?? '[]').map((entry) => entry.rcpt_to)).toEqual([
      'background@mail.example',
    ]);
    await deactivate(id);
  });

  it('serves a newly active webhook in the background while another waits on a slow target', async () => {
    const slow = await hook('slow');
    const quick = await hook('quick');
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const sent: string[] = [];
    const answer = { status: 200, headers: {}, body: 'OK', latencyMs: 1 };
    const sender: WebhookSender = {
      fetchToken: () => Promise.reject(new Error('no tokens here')),
      async send(_destination, target) {
        if (target.endsWith('/slow')) await gate;
        sent.push(new URL(target).pathname);
        return { answer };
      },
    };
    const { store, outbox } = t.engine.webhooks;
    const background = createWebhookDispatcher({
      store,
      outbox,
      sender,
      clock: t.clock,
      reportError: () => {},
    });
    const stop = startWorkers(t.db, t.engine, pino({ level: 'silent' }), {
      dns: createDnsResolver([]),
      webhooks: background,
    });
    try {
      await write([event(a, { rcptTo: 'both@mail.example' })]);
      await vi.waitFor(() => expect(sent.filter((path) => path === '/quick')).toHaveLength(1), {
        timeout: 10_000,
        interval: 100,
      });
      // The slow target still holds its claimer: the next tick serves the quick one anyway.
      await write([event(a, { rcptTo: 'again@mail.example' })]);
      await vi.waitFor(() => expect(sent.filter((path) => path === '/quick')).toHaveLength(2), {
        timeout: 10_000,
        interval: 100,
      });
      expect(sent).not.toContain('/slow');
    } finally {
      openGate();
      await stop();
    }
    await deactivate(slow.id);
    await deactivate(quick.id);
  });

  it('checks the target again when sending: a network no longer allowed is not reached', async () => {
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
