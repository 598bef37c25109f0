import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createDnsResolver } from '../../dns/resolver.ts';
import { databases } from '../../testing/databases.ts';
import { eventsOf, minute, useWebhookDelivery } from '../../testing/webhook-delivery-suite.ts';
import { startWorkers } from '../../workers.ts';
import { createWorkerPresence } from '../worker-presence/worker-presence.ts';
import { createWebhookDispatcher } from './webhook-dispatcher.ts';
import type { WebhookSender } from './webhook-sender.ts';

describe.each(databases)('webhook delivery on $name', (database) => {
  const { t, event, write, hook, postsTo, drain, deactivate, state } = useWebhookDelivery(database);

  it('claims the webhooks in turn: one just released goes behind the others', async () => {
    const { a } = state();
    const first = await hook('turn-1');
    const second = await hook('turn-2');
    await write([event(a, { rcptTo: 'turns@mail.example' })]);
    const { outbox } = t.engine.webhooks;
    const claimed = await outbox.claim(t.clock.now(), minute, 'me', []);
    expect([first.id, second.id]).toContain(claimed);
    await outbox.release(claimed ?? '', t.clock.now(), 'me');
    const next = await outbox.claim(t.clock.now(), minute, 'me', []);
    expect(next).toBe(claimed === first.id ? second.id : first.id);
    await outbox.release(next ?? '', t.clock.now(), 'me');
    await drain();
    await deactivate(first.id);
    await deactivate(second.id);
  });

  it('sends each batch once when several dispatchers run at the same time', async () => {
    const { a, dispatcher } = state();
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

  it('a webhook held by a process found dead is served by another once its heartbeat stood still, not after 5 minutes', async () => {
    const { a } = state();
    const { id } = await hook('orphaned');
    const deadAfterMs = 24_000;
    const presence = async (name: string) => {
      const one = createWorkerPresence(t.db, t.clock, { deadAfterMs, id: name, reportError: () => {} });
      await one.start({ sole: false });
      return one;
    };
    const dying = await presence('dying-dispatcher');
    const living = await presence('living-dispatcher');
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let hanging = false;
    const sender: WebhookSender = {
      fetchToken: () => Promise.reject(new Error('no tokens here')),
      async send() {
        hanging = true;
        await gate;
        return { answer: { status: 200, headers: {}, body: 'OK', latencyMs: 1 } };
      },
    };
    const { store, outbox } = t.engine.webhooks;
    const stuck = createWebhookDispatcher({
      store,
      outbox,
      sender,
      clock: t.clock,
      reportError: () => {},
      holder: dying,
    });
    await write([event(a, { rcptTo: 'orphan@mail.example' })]);
    const running = stuck.runOnce();
    await vi.waitFor(() => expect(hanging).toBe(true), { timeout: 10_000, interval: 10 });

    const rescuer = t.engine.webhooks.dispatcher(
      { resolve: async () => [], allowedNetworks: ['127.0.0.0/8'] },
      () => {},
      { holder: living },
    );
    try {
      for (let elapsed = 0; elapsed < deadAfterMs; elapsed += deadAfterMs / 6) {
        expect(await rescuer.runOnce()).toBe(0);
        t.clock.advance(deadAfterMs / 6);
        await living.beat();
      }
      expect(living.deadHolders()).toEqual(['dying-dispatcher']);
      expect(await rescuer.runOnce()).toBe(1);
      expect(
        postsTo('orphaned').flatMap((post) => eventsOf(post.body).map((entry) => entry.rcpt_to)),
      ).toEqual(['orphan@mail.example']);
    } finally {
      openGate();
      await running;
      rescuer.close();
    }
    await deactivate(id);
  });

  it('is sent by the background workers', async () => {
    const { a, dispatcher } = state();
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
    const { a } = state();
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
});
