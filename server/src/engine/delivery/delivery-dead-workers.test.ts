import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { databases } from '../../testing/databases.ts';
import { useDeliveryQueue } from '../../testing/delivery-suite.ts';
import { delivered, enqueue, fakeTransport } from '../../testing/queue-fixtures.ts';
import { createWorkerPresence, type WorkerPresence } from '../worker-presence/worker-presence.ts';
import type { DeliveryOutcome } from './delivery-transport.ts';
import { claimDue, recordAttempts } from './queue-store.ts';

const deadAfterMs = 24_000;
const heartbeatMs = deadAfterMs / 6;
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/**
 * Finding 12 of issue 22: a killed worker's messages waited out its 35-minute lease. Now they go to a
 * live worker once the dead one's heartbeat has stood still for the dead-after time (the test clock
 * moves it, a heartbeat at a time), and at once to the owner of a PGlite data directory.
 */
describe.each(databases)('delivery after a worker dies, on $name', (database) => {
  const q = useDeliveryQueue(database);
  let db: Db;
  let companyId: string;
  beforeAll(() => {
    ({ db, companyId } = q.state());
  });
  beforeEach(async () => {
    await db.query('DELETE FROM worker_processes');
  });
  const { clock, queuedMessage, worker, eventsOf, rowOf } = q;

  /** What the presences reported: a process learning it was found dead. */
  const reported: string[] = [];
  const presence = async (id: string, sole = false) => {
    const one = createWorkerPresence(db, clock, {
      deadAfterMs,
      id,
      reportError: (error) => reported.push((error as Error).message),
    });
    await one.start({ sole });
    return one;
  };

  /** Moves the clock a heartbeat at a time for `ms`, each of `beating` beating after each step. */
  async function run(ms: number, ...beating: WorkerPresence[]) {
    for (let elapsed = 0; elapsed < ms; elapsed += heartbeatMs) {
      clock.advance(heartbeatMs);
      for (const one of beating) await one.beat();
    }
  }

  /** A transport whose first attempt hangs until `answer()`; the others are answered at once. */
  function hangingFirst() {
    let answer: () => void = () => {};
    const fake = fakeTransport((_job, call) =>
      call === 1
        ? new Promise<DeliveryOutcome>((resolve) => {
            answer = () => resolve(delivered());
          })
        : delivered(),
    );
    return { ...fake, answer: () => answer() };
  }

  const enqueueFour = async (tag: string) => {
    const messages = ['one', 'two', 'three', 'four'].map((name) =>
      queuedMessage(companyId, `${name}@${tag}.test`),
    );
    await enqueue(db, messages);
    return messages;
  };
  const deliveries = async (id: string) =>
    (await eventsOf(id)).filter((event) => event.type === 'delivery').length;

  it("a dead worker's batch goes to a live one once its heartbeat has stood still for the dead-after time", async () => {
    const messages = await enqueueFour('dead');
    const dying = await presence('dying');
    const living = await presence('living');
    const hung = hangingFirst();
    const running = worker(hung.transport, {
      holder: dying,
      settings: { concurrency: 1, idleMs: 10 },
    }).runOnce();
    await until(() => hung.jobs.length === 1);

    const other = fakeTransport();
    const survivor = worker(other.transport, { holder: living });
    for (let elapsed = heartbeatMs; elapsed < deadAfterMs; elapsed += heartbeatMs) {
      await run(heartbeatMs, living);
      expect(await survivor.runOnce()).toBe(0);
    }
    await run(heartbeatMs, living);
    expect(living.deadHolders()).toEqual(['dying']);
    expect(await survivor.runOnce()).toBe(4);
    expect(other.jobs.map((job) => job.rcptTo).sort()).toEqual(messages.map((m) => m.rcptTo).sort());

    // The dead worker was merely stuck: its answer comes too late to be recorded, it starts nothing
    // more, and its next heartbeat tells it the batch is another's.
    hung.answer();
    await dying.beat();
    expect(reported.at(-1)).toMatch(/^worker process dying was found dead/);
    expect(await running).toBe(0);
    expect(hung.jobs).toHaveLength(1);
    for (const message of messages) {
      expect(await rowOf(message.id)).toMatchObject({ status: 'delivered', attempts: 1, locked_by: null });
      expect(await deliveries(message.id)).toBe(1);
    }
  });

  it('a live worker keeps its batch however long an attempt takes: its heartbeat holds the lease', async () => {
    const messages = await enqueueFour('alive');
    const busy = await presence('busy');
    const watcher = await presence('watcher');
    const slow = hangingFirst();
    const running = worker(slow.transport, { holder: busy, settings: { concurrency: 1 } }).runOnce();
    await until(() => slow.jobs.length === 1);

    const other = fakeTransport();
    const rival = worker(other.transport, { holder: watcher });
    for (let minute = 0; minute < 10; minute += 1) {
      await run(60_000, busy, watcher);
      expect(await rival.runOnce()).toBe(0);
    }
    expect(watcher.deadHolders()).toEqual([]);
    slow.answer();
    expect(await running).toBe(4);
    expect(other.jobs).toEqual([]);
    for (const message of messages) expect(await deliveries(message.id)).toBe(1);
  });

  it('a worker whose heartbeat goes unconfirmed starts nothing until it is confirmed again', async () => {
    const messages = await enqueueFour('unconfirmed');
    const stalled = await presence('stalled');
    const hung = hangingFirst();
    const stalledWorker = worker(hung.transport, {
      holder: stalled,
      settings: { concurrency: 1, idleMs: 10 },
    });
    const running = stalledWorker.runOnce();
    await until(() => hung.jobs.length === 1);
    // Two heartbeats before another process could find it dead.
    clock.advance(deadAfterMs - 2 * heartbeatMs);
    expect(stalled.alive()).toBe(false);
    hung.answer();
    // Its attempt under way is recorded (the lease is still its own); the other three wait, still its own.
    const statuses = async () =>
      (await Promise.all(messages.map((message) => rowOf(message.id)))).map((row) => row.status).sort();
    while (!(await statuses()).includes('delivered')) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hung.jobs).toHaveLength(1);
    expect(await statuses()).toEqual(['delivered', 'queued', 'queued', 'queued']);
    expect(await stalledWorker.runOnce()).toBe(0);
    await stalled.beat();
    expect(await running).toBe(4);
    expect(hung.jobs).toHaveLength(4);
  });

  it('the owner of a PGlite data directory takes the leases of every process before it at once', async () => {
    const messages = await enqueueFour('restart');
    const killed = await presence('killed');
    const hung = hangingFirst();
    const running = worker(hung.transport, { holder: killed, settings: { concurrency: 1 } }).runOnce();
    await until(() => hung.jobs.length === 1);

    const owner = await presence('restarted', true);
    const other = fakeTransport();
    expect(await worker(other.transport, { holder: owner }).runOnce()).toBe(4);
    for (const message of messages) expect(await rowOf(message.id)).toMatchObject({ status: 'delivered' });
    // (A killed process does nothing more; this one, still running in the test, learns at its next
    // heartbeat that it was found dead.)
    await killed.beat();
    hung.answer();
    expect(await running).toBe(0);
    expect(hung.jobs).toHaveLength(1);
  });

  it('fences the outcome of a lease taken from a process found dead, as of one that expired', async () => {
    const [message] = await enqueueFour('fenced');
    if (!message) throw new Error('no message');
    await db.query(
      "UPDATE messages SET status = 'bounced' WHERE status = 'queued' AND id <> $1 AND rcpt_to LIKE '%@fenced.test'",
      [message.id],
    );
    const [mine] = await claimDue(db, 'slow-worker/1', clock.now(), 1, 60 * 60_000, 0, []);
    expect(await claimDue(db, 'other/1', clock.now(), 1, 60 * 60_000, 0, ['someone-else'])).toEqual([]);
    const [theirs] = await claimDue(db, 'other/1', clock.now(), 1, 60 * 60_000, 0, ['slow-worker']);
    expect([mine?.id, theirs?.id]).toEqual([message.id, message.id]);
    const update = {
      id: message.id,
      status: 'delivered',
      nextAttemptAt: null,
      lastReply: '250 ok',
      finishedAt: clock.now(),
    } as const;
    expect(await recordAttempts(db, [{ ...update, lease: 'slow-worker/1' }])).toEqual(new Set());
    expect(await recordAttempts(db, [{ ...update, lease: 'other/1' }])).toEqual(new Set([message.id]));
  });
});
