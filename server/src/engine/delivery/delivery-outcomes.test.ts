import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { databases } from '../../testing/databases.ts';
import { useDeliveryQueue, verpKey } from '../../testing/delivery-suite.ts';
import { delivered, enqueue, fakeTransport, newCompany, refused } from '../../testing/queue-fixtures.ts';
import { messageOfVerp, verpAddress } from '../bounces/verp.ts';

describe.each(databases)('delivery outcomes on $name', (database) => {
  const q = useDeliveryQueue(database);
  let db: Db;
  let companyId: string;
  let suppressions: ReturnType<typeof q.state>['suppressions'];
  beforeAll(() => {
    ({ db, companyId, suppressions } = q.state());
  });
  const { clock, queuedMessage, prepare, worker, eventsOf, rowOf, drain } = q;

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
    expect(calls).toContainEqual(['sign', companyId, 4, 'acme.test', undefined]);
    expect((await eventsOf(original.id))[0]?.fields.msg_from).toBe(job('ann@hooks.test').mailFrom);
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
});
