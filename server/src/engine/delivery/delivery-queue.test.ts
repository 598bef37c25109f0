import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { databases } from '../../testing/databases.ts';
import { useDeliveryQueue } from '../../testing/delivery-suite.ts';
import { delivered, enqueue, fakeTransport } from '../../testing/queue-fixtures.ts';
import { claimDue, recordAttempts } from './queue-store.ts';

describe.each(databases)('delivery queue on $name', (database) => {
  const q = useDeliveryQueue(database);
  let db: Db;
  let companyId: string;
  beforeAll(() => {
    ({ db, companyId } = q.state());
  });
  const { clock, queuedMessage, worker, rowOf, drain } = q;

  it('never claims sandbox messages, whether the writer or an older row marked them', async () => {
    const sandbox = queuedMessage(companyId, 'tester@dest.test', { environment: 'sandbox' });
    await enqueue(db, [sandbox]);
    await db.query(
      `INSERT INTO messages (id, company_id, environment, mail_from, rcpt_to, message_id_header, raw, created_at)
       VALUES (gen_random_uuid(), $1, 'sandbox', 'a@acme.test', 'b@dest.test', '<x@acme.test>', '\\x00', now())`,
      [companyId],
    );
    const { transport, jobs } = fakeTransport();
    expect(await drain(worker(transport))).toBe(0);
    expect(jobs).toEqual([]);
    expect(await rowOf(sandbox.id)).toMatchObject({ status: 'sandbox', attempts: 0 });
  });

  it('keeps to its concurrency and per-domain limits across the batches start() runs at once', async () => {
    const messages = Array.from({ length: 60 }, (_, index) =>
      queuedMessage(companyId, `r${index}@d${index % 3}.limits.test`),
    );
    await enqueue(db, messages);
    let total = 0;
    let maxTotal = 0;
    const byDomain = new Map<string, number>();
    let maxDomain = 0;
    const { transport, jobs } = fakeTransport(async (job) => {
      const domain = job.rcptTo.split('@')[1] ?? '';
      total += 1;
      byDomain.set(domain, (byDomain.get(domain) ?? 0) + 1);
      maxTotal = Math.max(maxTotal, total);
      maxDomain = Math.max(maxDomain, byDomain.get(domain) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 5));
      total -= 1;
      byDomain.set(domain, (byDomain.get(domain) ?? 0) - 1);
      return delivered();
    });
    const w = worker(transport, { settings: { batchSize: 20, concurrency: 4, perDomainConcurrency: 2 } });
    w.start();
    while (jobs.length < 60) await new Promise((resolve) => setTimeout(resolve, 10));
    await w.stop();
    expect(maxTotal).toBe(4);
    expect(maxDomain).toBe(2);
  });

  it('keeps a leased message from other workers, and fences the outcome of a lease another took over', async () => {
    const message = queuedMessage(companyId, 'lease@dest.test');
    await enqueue(db, [message]);
    let release: () => void = () => {};
    const first = fakeTransport(
      () =>
        new Promise((resolve) => {
          release = () => resolve(delivered());
        }),
    );
    const running = worker(first.transport).runOnce();
    while (first.jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = fakeTransport();
    expect(await worker(second.transport).runOnce()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(second.jobs).toEqual([]);

    const fenced = queuedMessage(companyId, 'fenced@dest.test');
    await enqueue(db, [fenced]);
    const [mine] = await claimDue(db, 'worker-a/1', clock.now(), 1, 60_000, 0, []);
    await db.query("UPDATE messages SET locked_until = now() - interval '1 second' WHERE id = $1", [
      fenced.id,
    ]);
    const [theirs] = await claimDue(db, 'worker-b/1', clock.now(), 1, 60_000, 0, []);
    expect([mine?.id, theirs?.id]).toEqual([fenced.id, fenced.id]);
    const update = {
      id: fenced.id,
      status: 'delivered',
      nextAttemptAt: null,
      lastReply: '250 ok',
      finishedAt: clock.now(),
    } as const;
    expect(await recordAttempts(db, [{ ...update, lease: 'worker-a/1' }])).toEqual(new Set());
    expect(await recordAttempts(db, [{ ...update, lease: 'worker-b/1' }])).toEqual(new Set([fenced.id]));
  });

  it('renews the lease of a batch that outlasts it, so another worker never takes its messages', async () => {
    const batch = Array.from({ length: 10 }, (_, index) => queuedMessage(companyId, `r${index}@renew.test`));
    await enqueue(db, batch);
    const slow = fakeTransport(async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return delivered();
    });
    // Ten attempts of 200 ms in a row: about twice the lease.
    const settings = { leaseMs: 1200, attemptTimeoutMs: 400, concurrency: 1 };
    const running = worker(slow.transport, { settings }).runOnce();
    while (slow.jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const other = fakeTransport();
    const rival = worker(other.transport, { settings });
    let done = false;
    void running.finally(() => {
      done = true;
    });
    while (!done) {
      await rival.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await running).toBe(10);
    expect(other.jobs).toEqual([]);
    expect(slow.jobs.map((job) => job.rcptTo).sort()).toEqual(batch.map((m) => m.rcptTo).sort());
  });

  it('start() delivers newly queued mail at once (woken by NOTIFY), stop() hands back what it had not tried', async () => {
    const { transport, jobs } = fakeTransport();
    const w = worker(transport, { settings: { idleMs: 60_000 } });
    w.start();
    // Time for PostgreSQL's LISTEN connection to open.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const message = queuedMessage(companyId, 'soon@dest.test');
    await enqueue(db, [message]);
    const deadline = Date.now() + 5000;
    while ((await rowOf(message.id)).status !== 'delivered') {
      if (Date.now() > deadline) throw new Error('not woken');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await w.stop();
    expect(jobs).toHaveLength(1);

    const answers: Array<() => void> = [];
    const slow = fakeTransport(
      () =>
        new Promise((resolve) => {
          answers.push(() => resolve(delivered()));
        }),
    );
    const stopping = worker(slow.transport, { settings: { perDomainConcurrency: 1 } });
    const batch = ['one', 'two', 'three'].map((name) => queuedMessage(companyId, `${name}@same.test`));
    await enqueue(db, batch);
    stopping.start();
    while (slow.jobs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const stopped = stopping.stop();
    // Both of start()'s batches may have begun one (each holds one connection to the domain).
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const answer of answers) answer();
    await stopped;
    const rows = await db.query<{ status: string; locked_by: string | null }>(
      'SELECT status, locked_by FROM messages WHERE id = ANY($1::uuid[])',
      [batch.map((m) => m.id)],
    );
    const tried = rows.filter((row) => row.status === 'delivered');
    expect(tried).toHaveLength(slow.jobs.length);
    expect(rows.length - tried.length).toBeGreaterThanOrEqual(1);
    expect(rows.map((row) => [row.status === 'delivered' ? 'delivered' : 'queued', row.locked_by])).toEqual(
      rows.map((row) => [row.status, null]),
    );
  });

  it('delivers a trickle of sends in batches: a claim gathers what came in meanwhile, not one claim per message', async () => {
    const { transport, jobs } = fakeTransport();
    let claims = 0;
    const counted: Db = {
      ...db,
      query: (sql, params) => {
        if (/^\s*WITH due AS/.test(sql)) claims += 1;
        return db.query(sql, params);
      },
    };
    const w = worker(transport, { settings: { gatherMs: 300 } }, counted);
    w.start();
    const messages = Array.from({ length: 40 }, (_, index) =>
      queuedMessage(companyId, `trickle${index}@dest.test`),
    );
    for (const message of messages) {
      await enqueue(db, [message]);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
    const deadline = Date.now() + 10_000;
    while (jobs.filter((job) => job.rcptTo.startsWith('trickle')).length < messages.length) {
      if (Date.now() > deadline) throw new Error('not all delivered');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await w.stop();
    // 40 messages over about 0.6 s, a claim at most every 300 ms per loop (two loops): a handful of
    // claims, where one claim per message made 40.
    expect(claims).toBeLessThan(15);
  });
});
