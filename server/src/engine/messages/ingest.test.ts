import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { testClock, useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { createEventStore } from '../events/event-store.ts';
import { createSuppressionStore } from '../suppression/suppression-store.ts';
import { insertTransmissions, recordProgress } from '../transmissions/transmission-rows.ts';
import { createUsageMeter } from '../usage/usage-meter.ts';
import { createIngestWriter, type IngestUnit, UnstorableUnitError } from './ingest.ts';
import type { NewMessage } from './message-writer.ts';

describe.each(databases)('group commit of accepted messages on $name', (database) => {
  const t = useTestApp(database);
  let companyId: string;

  beforeAll(async () => {
    companyId = (await engineAccount(t.app, t.db, 'ingest')).companyId;
  });

  /** An ingest writer on `t.db` that counts its transactions and the messages inserts in them. */
  function countingWriter() {
    let transactions = 0;
    let messageInserts = 0;
    const db: Db = {
      ...t.db,
      transaction: (fn) => {
        transactions += 1;
        return t.db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql, params) => {
              if (/^\s*(INSERT INTO|COPY) messages/.test(sql)) messageInserts += 1;
              return tx.query(sql, params);
            },
            ...(tx.copyFrom && {
              copyFrom: (sql, lines) => {
                messageInserts += 1;
                return tx.copyFrom?.(sql, lines) ?? Promise.resolve();
              },
            }),
          }),
        );
      },
    };
    const clock = testClock();
    const events = createEventStore(t.db);
    const writer = createIngestWriter(db, {
      usage: createUsageMeter(t.db, clock),
      insertEvents: (tx, rows) => events.insert(tx, rows),
      insertTransmissions,
      recordProgress,
      suppressedIn: (tx, checks) => createSuppressionStore(t.db).suppressedIn(tx, checks),
    });
    return { writer, transactions: () => transactions, messageInserts: () => messageInserts };
  }

  const unit = (subject: string, id = randomUUID()): IngestUnit => {
    const message: NewMessage = {
      id,
      companyId,
      subaccountId: 0,
      transmissionId: null,
      environment: 'production',
      mailFrom: 'news@acme.test',
      rcptTo: 'ann@example.test',
      friendlyFrom: 'news@acme.test',
      subject,
      messageIdHeader: `<${id}@acme.test>`,
      campaignId: 'ingest',
      templateId: null,
      options: {},
      raw: Buffer.from(`Subject: ${subject}\r\n\r\nHello`),
      createdAt: new Date(),
    };
    return { companyId, charges: [], messages: [message], events: [] };
  };

  const stored = async (ids: string[]) =>
    (
      await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM messages WHERE id = ANY($1::uuid[])', [
        ids,
      ])
    ).n;

  it('refuses a unit with text PostgreSQL cannot store before it joins a batch: its neighbours commit in one transaction', async () => {
    const { writer, transactions } = countingWriter();
    const good = Array.from({ length: 40 }, (_, index) => unit(`Hello ${index}`));
    const bad = unit('Hello\u0000');
    const outcomes = await Promise.allSettled(
      [...good.slice(0, 20), bad, ...good.slice(20)].map((u) => writer.write(u)),
    );
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(UnstorableUnitError);
    expect(((refused[0] as PromiseRejectedResult).reason as Error).message).toMatch(
      /^messages\.0\.subject: /,
    );
    expect(await stored(good.flatMap((u) => u.messages.map((m) => m.id)))).toBe(40);
    expect(transactions()).toBe(1);
  });

  it('splits a batch that fails anyway in halves: one bad unit costs a few retries, not one per neighbour', async () => {
    const { writer, transactions } = countingWriter();
    const taken = randomUUID();
    await writer.write(unit('First', taken));
    const before = transactions();
    const good = Array.from({ length: 63 }, (_, index) => unit(`Again ${index}`));
    // A duplicate primary key fails only in the database.
    const duplicate = unit('Duplicate', taken);
    const outcomes = await Promise.allSettled(
      [...good.slice(0, 31), duplicate, ...good.slice(31)].map((u) => writer.write(u)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(1);
    expect(await stored(good.flatMap((u) => u.messages.map((m) => m.id)))).toBe(63);
    // One failed batch of 64, then halves down to the bad unit: 1 + 2 × log2(64) transactions.
    expect(transactions() - before).toBeLessThanOrEqual(13);
  });

  it('queues the recipients of many transmissions committed together in one statement, each row its own', async () => {
    const { writer, transactions, messageInserts } = countingWriter();
    const queuedUnit = (n: number): IngestUnit => ({
      companyId,
      charges: [],
      messages: [],
      events: [],
      queued: {
        companyId,
        subaccountId: 0,
        transmissionId: String(7_000_000 + n),
        campaignId: `campaign ${n}`,
        templateId: n % 2 === 0 ? null : `template-${n}`,
        options: { transactional: n % 2 === 0 },
        metadata: { shared: n },
        returnPath: `bounces-${n}@acme.test`,
        createdAt: new Date(),
        recipients: [
          { address: { email: `first-${n}@example.test` }, metadata: { own: n } },
          { address: { email: `second-${n}@example.test` }, tags: ['t'], return_path: `own-${n}@acme.test` },
        ],
      },
    });
    const units = Array.from({ length: 30 }, (_, n) => queuedUnit(n));
    await Promise.all(units.map((u) => writer.write(u)));
    expect(transactions()).toBe(1);
    expect(messageInserts()).toBe(1);
    const rows = await t.db.query<{
      transmission_id: string;
      campaign_id: string;
      template_id: string | null;
      rcpt_to: string;
      mail_from: string;
      options: { transactional: boolean; metadata: Record<string, number>; tags: string[] };
    }>(
      `SELECT transmission_id::text, campaign_id, template_id, rcpt_to, mail_from, options FROM messages
       WHERE transmission_id BETWEEN 7000000 AND 7000029 ORDER BY transmission_id, rcpt_to`,
    );
    expect(rows).toHaveLength(60);
    const of = (n: number) => rows.filter((row) => row.transmission_id === String(7_000_000 + n));
    expect(of(3)).toEqual([
      {
        transmission_id: '7000003',
        campaign_id: 'campaign 3',
        template_id: 'template-3',
        rcpt_to: 'first-3@example.test',
        mail_from: 'bounces-3@acme.test',
        options: { transactional: false, metadata: { shared: 3, own: 3 }, tags: [] },
      },
      {
        transmission_id: '7000003',
        campaign_id: 'campaign 3',
        template_id: 'template-3',
        rcpt_to: 'second-3@example.test',
        mail_from: 'own-3@acme.test',
        options: { transactional: false, metadata: { shared: 3 }, tags: ['t'] },
      },
    ]);
    expect(of(4)[0]?.options.transactional).toBe(true);
    await t.db.query('DELETE FROM messages WHERE transmission_id BETWEEN 7000000 AND 7000029');
  });

  it('screens sends in the transaction that writes them: one query for the batch, each completed with its own suppressed', async () => {
    const { writer, transactions } = countingWriter();
    await t.db.query(
      `INSERT INTO suppressions (company_id, subaccount_id, recipient, type, source, description, created_at, updated_at)
       VALUES ($1, 0, 'gone@example.test', 'non_transactional', 'Manually Added', '', now(), now())`,
      [companyId],
    );
    const completions: string[][] = [];
    const screened = (address: string) => ({
      screen: { companyId, subaccountId: 0, type: 'non_transactional' as const, addresses: [address] },
      complete: async (suppressed: ReadonlySet<string>) => {
        completions.push([address, ...suppressed]);
        return suppressed.size > 0 ? { companyId, charges: [], messages: [], events: [] } : unit(address);
      },
    });
    const before = transactions();
    await Promise.all(
      ['gone@example.test', 'kept@example.test'].map((address) => writer.write(screened(address))),
    );
    expect(transactions() - before).toBe(1);
    // Each was completed once as if nothing were suppressed (made before the transaction), and the
    // suppressed one once more with what the transaction found.
    expect(completions.sort()).toEqual([
      ['gone@example.test'],
      ['gone@example.test', 'gone@example.test'],
      ['kept@example.test'],
    ]);
    const subjects = await t.db.query<{ subject: string }>(
      `SELECT subject FROM messages WHERE subject IN ('gone@example.test', 'kept@example.test')`,
    );
    expect(subjects).toEqual([{ subject: 'kept@example.test' }]);
  });
});
