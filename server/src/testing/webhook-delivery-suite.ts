import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { NewMessageEvent } from '../engine/events/message-event.ts';
import type { WebhookDispatcher } from '../engine/webhooks/webhook-dispatcher.ts';
import { useTestApp } from './app.ts';
import type { TestDatabase } from './databases.ts';
import { type EngineAccount, engineAccount, engineCaller } from './engine.ts';
import { testEvent } from './events.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';

export const minute = 60_000;
export const hour = 60 * minute;

interface Entry {
  msys: Record<string, { type: string; event_id: string; rcpt_to: string; subaccount_id: string }>;
}

/** The events of a batch body: envelope key and event. */
export const eventsOf = (body: string) =>
  (JSON.parse(body) as Entry[]).map((entry) => {
    const [key, event] = Object.entries(entry.msys)[0] ?? [];
    return { key, ...event };
  });

/**
 * An app for the webhook delivery tests of the calling describe: a receiver of the webhooks' posts
 * (answering 200 before each test), one of OAuth2 tokens, two companies (`a`, `b`) and a dispatcher
 * sending batches of 3, with the helpers that create webhooks, write events and run the dispatcher.
 * `state()` gives `receiver`, `tokens`, `a`, `b` and `dispatcher`: call it inside hooks and tests only.
 */
export function useWebhookDelivery(database: TestDatabase) {
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

  return {
    t,
    call,
    event,
    write,
    hook,
    postsTo,
    drain,
    deactivate,
    state: () => ({ receiver, tokens, a, b, dispatcher }),
  };
}
