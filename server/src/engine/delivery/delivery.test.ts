import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { testClock } from '../../testing/app.ts';
import { databases, openMigrated } from '../../testing/databases.ts';
import { messageOfVerp, verpAddress } from '../bounces/verp.ts';
import { createEventStore } from '../events/event-store.ts';
import { createSuppressionStore } from '../suppression/suppression-store.ts';
import type { DeliveryTransport } from './delivery-transport.ts';
import { createDeliveryWorker, type DeliveryWorkerDeps } from './delivery-worker.ts';
import type { PrepareDeps } from './prepare.ts';
import {
  delivered,
  enqueue,
  fakeTransport,
  queuedMessage as fixture,
  newCompany,
  refused,
} from './queue-fixtures.ts';
import { claimDue, recordAttempts } from './queue-store.ts';

const verpKey = 'test-verp-key';

describe.each(databases)('delivery queue on $name', (database) => {
  let db: Db;
  let companyId: string;
  const clock = testClock();
  let events: ReturnType<typeof createEventStore>;
  let suppressions: ReturnType<typeof createSuppressionStore>;

  beforeAll(async () => {
    db = await openMigrated(database);
    companyId = await newCompany(db);
    events = createEventStore(db);
    suppressions = createSuppressionStore(db, clock);
  });
  afterAll(async () => {
    await db.close();
  });
  // Each test sees only its own messages in the queue.
  beforeEach(async () => {
    await db.query("UPDATE messages SET status = 'bounced' WHERE status = 'queued'");
  });

  const queuedMessage: typeof fixture = (company, rcptTo, overrides = {}) =>
    fixture(company, rcptTo, { createdAt: clock.now(), ...overrides });

  const prepare = (overrides: Partial<PrepareDeps> = {}): PrepareDeps => ({
    verpKey,
    defaultBounceDomain: 'mail.platform.test',
    bounceDomainFor: async () => undefined,
    listUnsubscribeHeaders: async (id) => ({
      'List-Unsubscribe': `<https://platform.test/u/${id}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    }),
    sign: async (raw) => raw,
    ...overrides,
  });

  const worker = (transport: DeliveryTransport | undefined, overrides: Partial<DeliveryWorkerDeps> = {}) =>
    createDeliveryWorker(db, {
      clock,
      mode: 'deliver',
      transport,
      prepare: prepare(),
      insertEvents: (tx, rows) => events.insert(tx, rows),
      addSuppressions: (tx, entries) => suppressions.addIn(tx, entries),
      reportError: (error) => {
        throw error;
      },
      ...overrides,
    });

  const eventsOf = async (messageId: string, company = companyId) =>
    (
      await events.search(
        {
          companyId: company,
          from: new Date(0),
          to: new Date(Date.now() + 400 * 86_400_000),
          messages: [messageId],
        },
        100,
      )
    ).events.reverse();

  const rowOf = (id: string) =>
    db.one<{
      status: string;
      attempts: number;
      next_attempt_at: Date;
      locked_by: string | null;
      last_reply: string;
    }>('SELECT status, attempts, next_attempt_at, locked_by, last_reply FROM messages WHERE id = $1', [id]);

  /** Runs batches until none is due. */
  const drain = async (w: ReturnType<typeof worker>) => {
    let total = 0;
    for (let n = await w.runOnce(); n > 0; n = await w.runOnce()) total += n;
    return total;
  };

  it('delivers a message: delivery event with SparkPost fields, status delivered', async () => {
    const message = queuedMessage(companyId, 'ann@dest.test', {
      createdAt: new Date(clock.now().getTime() - 1500),
      options: { transactional: false, ip_pool: 'shared', metadata: { plan: 'pro' }, tags: ['eu'] },
    });
    await enqueue(db, [message]);
    const { transport, jobs } = fakeTransport();
    expect(await drain(worker(transport))).toBe(1);
    expect(jobs.map((job) => job.rcptTo)).toEqual(['ann@dest.test']);
    expect(await rowOf(message.id)).toMatchObject({ status: 'delivered', attempts: 1, locked_by: null });
    const [delivery] = await eventsOf(message.id);
    expect(delivery).toMatchObject({
      type: 'delivery',
      companyId,
      subaccountId: 0,
      transmissionId: '77',
      campaignId: 'spring',
      rcptTo: 'ann@dest.test',
      recipientDomain: 'dest.test',
      sendingDomain: 'acme.test',
      ipPool: 'shared',
      fields: {
        msg_from: jobs[0]?.mailFrom,
        num_retries: '0',
        queue_time: '1500',
        delv_method: 'esmtp',
        sending_ip: '127.0.0.2',
        routing_domain: 'dest.test',
        msg_size: String(jobs[0]?.raw.length),
        outbound_tls: '1',
        rcpt_meta: { plan: 'pro' },
        rcpt_tags: ['eu'],
      },
    });
  });

  it('bounces a 550 5.1.1: bounce class 10, the reply, and a "Bounce Rule" suppression', async () => {
    const message = queuedMessage(companyId, 'Gone@Dest.test');
    await enqueue(db, [message]);
    const { transport } = fakeTransport(() =>
      refused(550, '5.1.1', '<Gone@Dest.test>: Recipient address rejected: User unknown'),
    );
    await drain(worker(transport));
    expect(await rowOf(message.id)).toMatchObject({
      status: 'bounced',
      last_reply: '550 5.1.1 <Gone@Dest.test>: Recipient address rejected: User unknown',
    });
    const [bounce] = await eventsOf(message.id);
    expect(bounce).toMatchObject({
      type: 'bounce',
      bounceClass: 10,
      reason: '550 5.1.1 Recipient address rejected: User unknown',
      fields: {
        error_code: '550',
        raw_reason: '550 5.1.1 <Gone@Dest.test>: Recipient address rejected: User unknown',
        num_retries: '0',
      },
    });
    const page = await suppressions.search(companyId, 0, { recipient: 'gone@dest.test', sort: 'desc' }, 10);
    expect(page.entries).toEqual([
      expect.objectContaining({
        recipient: 'gone@dest.test',
        type: 'non_transactional',
        source: 'Bounce Rule',
        description: '550: 550 5.1.1 <Gone@Dest.test>: Recipient address rejected: User unknown',
      }),
    ]);
  });

  it('suppresses a transactional hard bounce for transactional mail; a soft bounce suppresses nothing', async () => {
    const hard = queuedMessage(companyId, 'nobody@dest.test', { options: { transactional: true } });
    const full = queuedMessage(companyId, 'full@dest.test');
    await enqueue(db, [hard, full]);
    const { transport } = fakeTransport((job) =>
      job.rcptTo === 'full@dest.test'
        ? refused(552, '5.2.2', 'Mailbox full')
        : refused(550, '5.1.1', 'No such user'),
    );
    await drain(worker(transport));
    const entries = async (recipient: string) =>
      (await suppressions.search(companyId, 0, { recipient, sort: 'desc' }, 10)).entries;
    expect(await entries('nobody@dest.test')).toEqual([expect.objectContaining({ type: 'transactional' })]);
    expect(await entries('full@dest.test')).toEqual([]);
    expect((await eventsOf(full.id))[0]).toMatchObject({ type: 'bounce', bounceClass: 22 });
  });

  it('reads a large message on its own rather than with the claim, and sends it whole', async () => {
    const body = 'x'.repeat(76).concat('\r\n').repeat(4000);
    const message = queuedMessage(companyId, 'big@dest.test', {
      options: { transactional: true },
      raw: Buffer.from(`From: news@acme.test\r\nSubject: Big\r\n\r\n${body}`),
    });
    await enqueue(db, [message]);
    const { transport, jobs } = fakeTransport();
    await drain(worker(transport));
    expect(jobs[0]?.raw.equals(message.raw)).toBe(true);
    expect((await eventsOf(message.id))[0]?.fields.msg_size).toBe(String(message.raw.length));
  });

  it('stores an answer with control characters in it', async () => {
    const message = queuedMessage(companyId, 'odd@dest.test');
    await enqueue(db, [message]);
    await drain(worker(fakeTransport(() => refused(550, '5.1.1', 'no\u0000such\r\nuser')).transport));
    expect(await rowOf(message.id)).toMatchObject({
      status: 'bounced',
      last_reply: '550 5.1.1 no such user',
    });
  });

  it('retries a 451 after the backoff, then delivers: delay event, then delivery with num_retries 1', async () => {
    const message = queuedMessage(companyId, 'later@slow.test');
    await enqueue(db, [message]);
    const { transport, jobs } = fakeTransport((_, call) =>
      call === 1 ? refused(451, '4.3.0', 'Temporary local problem, try again') : delivered(),
    );
    const w = worker(transport);
    expect(await drain(w)).toBe(1);
    const row = await rowOf(message.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, locked_by: null });
    expect(row.next_attempt_at.getTime()).toBe(clock.now().getTime() + 60_000);
    const [delay] = await eventsOf(message.id);
    expect(delay).toMatchObject({
      type: 'delay',
      bounceClass: 20,
      reason: '451 4.3.0 Temporary local problem, try again',
      fields: { error_code: '451', num_retries: '0' },
    });
    clock.advance(59_000);
    expect(await drain(w)).toBe(0);
    clock.advance(1_000);
    expect(await drain(w)).toBe(1);
    expect(jobs).toHaveLength(2);
    expect(await rowOf(message.id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await eventsOf(message.id)).map((event) => [event.type, event.fields.num_retries])).toEqual([
      ['delay', '0'],
      ['delivery', '1'],
    ]);
  });

  it('bounces a deferred message with its last reply once the retry period is over', async () => {
    const message = queuedMessage(companyId, 'never@slow.test', { createdAt: clock.now() });
    await enqueue(db, [message]);
    const { transport, jobs } = fakeTransport(() => refused(421, '4.4.2', 'Connection timed out'));
    const w = worker(transport, { settings: { retryPeriodMs: 5 * 3_600_000 } });
    await drain(w);
    // 1, 5, 15, 30 and 60 minutes, then every 2 hours, the last try when the period ends.
    for (const minutes of [1, 5, 15, 30, 60, 120]) {
      clock.advance(minutes * 60_000);
      expect(await drain(w)).toBe(1);
    }
    expect(jobs).toHaveLength(7);
    clock.advance((300 - 231) * 60_000);
    expect(await drain(w)).toBe(1);
    expect(await rowOf(message.id)).toMatchObject({ status: 'bounced', attempts: 8 });
    const types = (await eventsOf(message.id)).map((event) => event.type);
    expect(types).toEqual([...Array(7).fill('delay'), 'bounce']);
    const bounce = (await eventsOf(message.id)).at(-1);
    expect(bounce).toMatchObject({
      bounceClass: 24,
      reason: '421 4.4.2 Connection timed out',
      fields: { raw_reason: '421 4.4.2 Connection timed out', num_retries: '7' },
    });
    clock.advance(5 * 3_600_000);
    expect(await drain(w)).toBe(0);
  });

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

  it('sends from a VERP return path on the bounce domain, with one-click unsubscribe headers, then signs', async () => {
    const calls: unknown[][] = [];
    const original = queuedMessage(companyId, 'ann@hooks.test', { subaccountId: 4 });
    const transactional = queuedMessage(companyId, 'bob@hooks.test', { options: { transactional: true } });
    await enqueue(db, [original, transactional]);
    const { transport, jobs } = fakeTransport();
    const w = worker(transport, {
      prepare: prepare({
        bounceDomainFor: async (...args) => {
          calls.push(['bounceDomainFor', ...args]);
          return args[1] === 4 ? 'bounces.acme.test' : undefined;
        },
        sign: async (raw, ...args) => {
          calls.push(['sign', ...args]);
          expect(raw.toString()).toContain(raw.includes('List-Unsubscribe') ? 'One-Click' : 'Hello');
          return Buffer.concat([Buffer.from('DKIM-Signature: v=1; d=acme.test\r\n'), raw]);
        },
      }),
    });
    await drain(w);
    const job = (rcptTo: string) => {
      const found = jobs.find((item) => item.rcptTo === rcptTo);
      if (!found) throw new Error(`no job for ${rcptTo}`);
      return found;
    };
    expect(job('ann@hooks.test').mailFrom).toBe(verpAddress(verpKey, original.id, 'bounces.acme.test'));
    expect(messageOfVerp(verpKey, job('ann@hooks.test').mailFrom)).toBe(original.id);
    expect(job('bob@hooks.test').mailFrom).toBe(verpAddress(verpKey, transactional.id, 'mail.platform.test'));
    expect(job('ann@hooks.test').raw.toString()).toBe(
      `DKIM-Signature: v=1; d=acme.test\r\nList-Unsubscribe: <https://platform.test/u/${original.id}>\r\n` +
        `List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n${original.raw.toString()}`,
    );
    expect(job('bob@hooks.test').raw.toString()).toBe(
      `DKIM-Signature: v=1; d=acme.test\r\n${transactional.raw.toString()}`,
    );
    expect(calls).toContainEqual(['bounceDomainFor', companyId, 4, 'acme.test']);
    expect(calls).toContainEqual(['sign', companyId, 4, 'acme.test']);
    expect((await eventsOf(original.id))[0]?.fields.msg_from).toBe(job('ann@hooks.test').mailFrom);
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

  it("binds each attempt to the next address of the message's IP pool", async () => {
    const messages = ['a', 'b', 'c'].map((name) =>
      queuedMessage(companyId, `${name}@pool.test`, { subaccountId: 2, options: { ip_pool: 'marketing' } }),
    );
    await enqueue(db, messages);
    const asked: unknown[][] = [];
    const { transport, jobs } = fakeTransport((job) => ({ ...delivered(), localAddress: job.localAddress }));
    await drain(
      worker(transport, {
        settings: { concurrency: 1 },
        addressesOf: async (...args) => {
          asked.push(args);
          return ['192.0.2.10', '192.0.2.11'];
        },
      }),
    );
    expect(asked).toEqual(Array(3).fill([companyId, 2, 'marketing']));
    const used = jobs.map((job) => job.localAddress);
    expect(new Set(used)).toEqual(new Set(['192.0.2.10', '192.0.2.11']));
    const sendingIps = await Promise.all(
      messages.map(async (m) => (await eventsOf(m.id))[0]?.fields.sending_ip),
    );
    expect(sendingIps.sort()).toEqual([...used].sort());
  });

  it("writes each message's events to its own company and subaccount", async () => {
    const other = await newCompany(db, 'Other');
    const message = queuedMessage(other, 'carl@dest.test', { subaccountId: 3 });
    await enqueue(db, [message]);
    await drain(worker(fakeTransport().transport));
    const [delivery] = await eventsOf(message.id, other);
    expect(delivery).toMatchObject({ type: 'delivery', companyId: other, subaccountId: 3 });
    expect(await eventsOf(message.id, companyId)).toEqual([]);
  });

  it('in capture mode marks production mail delivered without sending it', async () => {
    const message = queuedMessage(companyId, 'kept@dest.test');
    await enqueue(db, [message]);
    const w = worker(undefined, { mode: 'capture' });
    expect(await drain(w)).toBe(1);
    expect(await rowOf(message.id)).toMatchObject({ status: 'delivered' });
    const [delivery] = await eventsOf(message.id);
    expect(delivery).toMatchObject({
      type: 'delivery',
      fields: {
        delv_method: 'capture',
        raw_reason: '250 2.0.0 captured: MAIL_MODE=capture keeps mail on this server, nothing was sent',
      },
    });
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
    const [mine] = await claimDue(db, 'worker-a/1', clock.now(), 1, 60_000, 0);
    await db.query("UPDATE messages SET locked_until = now() - interval '1 second' WHERE id = $1", [
      fenced.id,
    ]);
    const [theirs] = await claimDue(db, 'worker-b/1', clock.now(), 1, 60_000, 0);
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
});
