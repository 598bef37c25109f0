import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../../testing/engine.ts';
import { fakeTransport } from '../../testing/queue-fixtures.ts';
import type { DeliveryTransport } from '../delivery/delivery-transport.ts';
import { createDeliveryWorker } from '../delivery/delivery-worker.ts';
import { queuedPayloads } from '../messages/message-writer.ts';
import { wholeLimit } from './chunked-generation.ts';

const bulkCount = wholeLimit.recipients + 10;

const bulk = (count: number, overrides: Record<string, unknown> = {}) => ({
  campaign_id: 'bulk',
  metadata: { plan: 'pro' },
  recipients: Array.from({ length: count }, (_, index) => ({
    address: { email: `r${index}@dest.test`, name: `R ${index}` },
    substitution_data: { n: index },
    tags: ['bulk'],
  })),
  content: { from: 'news@acme.test', subject: 'No. {{n}}', text: 'Hello {{n + 1}}' },
  options: { transactional: true },
  ...overrides,
});

describe.each(databases)('a large production transmission accepted in bulk, on $name', (database) => {
  const t = useTestApp(database);
  let account: EngineAccount;

  beforeAll(async () => {
    account = await engineAccount(t.app, t.db, 'bulk');
    await t.db.query(`UPDATE subscriptions SET plan_id = 'UNLIMITED' WHERE company_id = $1`, [
      account.companyId,
    ]);
  });

  /** A worker delivering through `transport`, or, given 'capture', one that only marks mail delivered. */
  const worker = (transport: DeliveryTransport | 'capture' = fakeTransport().transport, db: Db = t.db) =>
    createDeliveryWorker(db, {
      clock: t.clock,
      ...(transport === 'capture' ? { mode: 'capture' as const } : { mode: 'deliver' as const, transport }),
      prepare: {
        verpKey: 'test-verp-key',
        defaultBounceDomain: 'mail.platform.test',
        bounceDomainFor: async () => undefined,
        listUnsubscribeHeaders: () => ({}),
        sign: async (raw) => raw,
      },
      insertEvents: (tx, rows) => t.engine.events.insert(tx, rows),
      addSuppressions: (tx, entries) => t.engine.suppressions.addIn(tx, entries),
      reportError: (error) => {
        throw error;
      },
      settings: { batchSize: 500 },
    });
  const drain = async (w: ReturnType<typeof worker>) => {
    while ((await w.runOnce()) > 0) {
      // until nothing is due
    }
  };
  const send = async (body: unknown) => {
    const response = await engineCall(t.app, account, 'POST', '/transmissions', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results as { id: string; total_accepted_recipients: number };
  };
  const countsOf = (id: string) =>
    t.db.one<{ messages: number; composed: number; injections: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE transmission_id = $1) AS messages,
         (SELECT count(*)::int FROM messages WHERE transmission_id = $1 AND raw IS NOT NULL) AS composed,
         (SELECT count(*)::int FROM message_events WHERE transmission_id = $1 AND type = 'injection') AS injections`,
      [id],
    );

  it('stores one row per recipient with no message until a delivery worker composes it, then sends the stored bytes', async () => {
    const { id, total_accepted_recipients } = await send(bulk(bulkCount));
    expect(total_accepted_recipients).toBe(bulkCount);
    const transmission = (await engineCall(t.app, account, 'GET', `/transmissions/${id}`)).json().results
      .transmission;
    expect(transmission).toMatchObject({ state: 'Success', num_rcpts: bulkCount, num_generated: bulkCount });
    expect(await countsOf(id)).toEqual({ messages: bulkCount, composed: 0, injections: 0 });

    const { transport, jobs } = fakeTransport();
    await drain(worker(transport));
    expect(await countsOf(id)).toEqual({ messages: bulkCount, composed: bulkCount, injections: bulkCount });
    expect(jobs).toHaveLength(bulkCount);
    const row = await t.db.one<{
      id: string;
      raw: Uint8Array;
      subject: string;
      status: string;
      options: unknown;
    }>('SELECT id, raw, subject, status, options FROM messages WHERE transmission_id = $1 AND rcpt_to = $2', [
      id,
      'r7@dest.test',
    ]);
    expect(row).toMatchObject({
      subject: 'No. 7',
      status: 'delivered',
      options: { transactional: true, metadata: { plan: 'pro' }, tags: ['bulk'] },
    });
    const stored = Buffer.from(row.raw);
    expect(stored.toString()).toContain('Hello 8');
    expect(stored.toString()).toContain('To: R 7 <r7@dest.test>');
    const sent = jobs.find((job) => job.rcptTo === 'r7@dest.test');
    expect(sent?.raw.equals(stored)).toBe(true);
    const injection = await t.db.one<{
      subject: string;
      friendly_from: string;
      ts: Date;
      body: Record<string, unknown>;
    }>(
      `SELECT subject, friendly_from, ts, body FROM message_events WHERE message_id = $1 AND type = 'injection'`,
      [row.id],
    );
    expect(injection).toMatchObject({ subject: 'No. 7', friendly_from: 'news@acme.test' });
    expect(injection.body).toMatchObject({
      rcpt_tags: ['bulk'],
      rcpt_meta: { plan: 'pro' },
      msg_size: String(stored.length),
    });
    expect(new Date(injection.ts).toISOString()).toBe(transmission.created);
  });

  it('stores text that COPY and JSON must escape exactly as sent: backslashes, tabs, line breaks, quotes, non-ASCII', async () => {
    const tricky = 'C:\\dir\\x\t"quoted"\r\nline two \\N ünï 🎉';
    const { id } = await send({
      campaign_id: 'tab\tback\\slash',
      metadata: { note: tricky },
      recipients: [
        {
          address: { email: 'esc@dest.test', name: 'Back\\slash "Q"' },
          substitution_data: { tricky },
          metadata: { own: '\\N' },
          tags: ['t\\1'],
        },
      ],
      content: { from: 'news@acme.test', subject: 'Escapes', text: '[{{tricky}}]' },
    });
    const queued = await t.db.one<{
      campaign_id: string;
      options: Record<string, unknown>;
      recipient: unknown;
    }>('SELECT campaign_id, options, recipient FROM messages WHERE transmission_id = $1', [id]);
    expect(queued.campaign_id).toBe('tab\tback\\slash');
    expect(queued.options).toMatchObject({ metadata: { note: tricky, own: '\\N' }, tags: ['t\\1'] });
    expect(queued.recipient).toMatchObject({ substitution_data: { tricky } });
    const { transport, jobs } = fakeTransport();
    await drain(worker(transport));
    const text = (await simpleParser(jobs[0]?.raw ?? Buffer.alloc(0))).text ?? '';
    expect(text).toContain(`[${tricky.replace('\r\n', '\n')}]`);
  });

  it('gives generation_failure to the one recipient whose substitution fails, and never attempts its message', async () => {
    const body = bulk(bulkCount);
    const recipients = body.recipients as Array<{ substitution_data: Record<string, unknown> }>;
    (recipients[3] as { substitution_data: Record<string, unknown> }).substitution_data = { n: 'three' };
    const { id } = await send(body);
    const { transport, jobs } = fakeTransport();
    await drain(worker(transport));
    expect(jobs).toHaveLength(bulkCount - 1);
    expect(jobs.some((job) => job.rcptTo === 'r3@dest.test')).toBe(false);
    const failures = await t.db.query<{ rcpt_to: string; reason: string }>(
      `SELECT rcpt_to, reason FROM message_events WHERE transmission_id = $1 AND type = 'generation_failure'`,
      [id],
    );
    expect(failures).toEqual([{ rcpt_to: 'r3@dest.test', reason: expect.stringContaining('arithmetic') }]);
    const failed = await t.db.one<{ status: string; attempts: number; raw: unknown }>(
      'SELECT status, attempts, raw FROM messages WHERE transmission_id = $1 AND rcpt_to = $2',
      [id, 'r3@dest.test'],
    );
    expect(failed).toEqual({ status: 'failed', attempts: 0, raw: null });
    const transmission = (await engineCall(t.app, account, 'GET', `/transmissions/${id}`)).json().results
      .transmission;
    expect(transmission).toMatchObject({ num_generated: bulkCount - 1, num_failed_gen: 1 });
  });

  it('composes in capture mode too: the message is rendered, kept and marked delivered', async () => {
    const { id } = await send(bulk(bulkCount));
    await drain(worker('capture'));
    expect(await countsOf(id)).toEqual({ messages: bulkCount, composed: bulkCount, injections: bulkCount });
    const statuses = await t.db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM messages WHERE transmission_id = $1 GROUP BY status',
      [id],
    );
    expect(statuses).toEqual([{ status: 'delivered', n: bulkCount }]);
  });

  it('accepts 20,000 recipients as compact rows written in two statements', async () => {
    const count = 20_000;
    const { id, total_accepted_recipients } = await send(bulk(count));
    expect(total_accepted_recipients).toBe(count);
    expect(await countsOf(id)).toEqual({ messages: count, composed: 0, injections: 0 });
    const payloads = await queuedPayloads(
      Array.from({ length: count }, (_, index) => ({ address: { email: `r${index}@dest.test` } })),
    );
    expect(payloads.map((payload) => payload.rows)).toEqual([10_000, 10_000]);
    // Messages of other companies stay out of reach: the rows carry the sender's company only.
    const companies = await t.db.query<{ company_id: string }>(
      'SELECT DISTINCT company_id FROM messages WHERE transmission_id = $1',
      [id],
    );
    expect(companies).toEqual([{ company_id: account.companyId }]);
    // Not for delivery: left queued, they would be composed by the next test's worker.
    await t.db.query('DELETE FROM messages WHERE transmission_id = $1', [id]);
  }, 60_000);

  it('queues a small transmission the same way: composed by the worker that takes it', async () => {
    const { id } = await send(bulk(3));
    expect(await countsOf(id)).toEqual({ messages: 3, composed: 0, injections: 0 });
    await drain(worker());
    expect(await countsOf(id)).toEqual({ messages: 3, composed: 3, injections: 3 });
    // The deliveries of messages composed by the worker say how their recipients were addressed.
    const deliveries = await t.db.query<{ rcpt_type: string }>(
      `SELECT body->>'rcpt_type' AS rcpt_type FROM message_events WHERE transmission_id = $1 AND type = 'delivery'`,
      [id],
    );
    expect(deliveries.map((row) => row.rcpt_type)).toEqual(['to', 'to', 'to']);
  });

  it('composes single-recipient sends claimed together in one transaction, each its own; a failing one fails alone', async () => {
    const sends = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        send(
          bulk(1, {
            recipients: [
              {
                address: { email: `one${index}@dest.test` },
                substitution_data: { n: index === 5 ? 'five' : index },
              },
            ],
          }),
        ),
      ),
    );
    let transactions = 0;
    const counted = worker('capture', {
      ...t.db,
      transaction: (fn) => {
        transactions += 1;
        return t.db.transaction(fn);
      },
    });
    const before = transactions;
    await counted.runOnce();
    // One for the compositions; the captured outcomes are committed together too.
    expect(transactions - before).toBeLessThanOrEqual(3);
    for (const [index, { id }] of sends.entries()) {
      const row = await t.db.one<{ subject: string; status: string }>(
        'SELECT subject, status FROM messages WHERE transmission_id = $1',
        [id],
      );
      expect(row).toEqual(
        index === 5 ? { subject: '', status: 'failed' } : { subject: `No. ${index}`, status: 'delivered' },
      );
    }
    const failed = (await engineCall(t.app, account, 'GET', `/transmissions/${sends[5]?.id}`)).json().results
      .transmission;
    expect(failed).toMatchObject({ num_generated: 0, num_failed_gen: 1 });
  });
});
