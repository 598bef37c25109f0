import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { eventsOf, hour, useWebhookDelivery } from '../../testing/webhook-delivery-suite.ts';
import { retryDelayMs } from './webhook-dispatcher.ts';

describe.each(databases)('webhook delivery on $name', (database) => {
  const { t, call, event, write, hook, postsTo, drain, deactivate, state } = useWebhookDelivery(database);

  it('retries the same batch through failures and an outage, then delivers every event once, in order', async () => {
    const { receiver, a } = state();
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
    const { receiver, a } = state();
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
    const { receiver, a } = state();
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
    const { receiver, a } = state();
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
    const { a } = state();
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
    const { receiver, a, dispatcher } = state();
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
});
