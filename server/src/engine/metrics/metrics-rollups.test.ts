import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { base, day, minute, minuteOf, useMetricsApp, window } from '../../testing/metrics-suite.ts';
import { counters } from './metric-definitions.ts';

describe.each(databases)('metrics on $name', (database) => {
  const { t, event, write, results } = useMetricsApp(database);

  it("records migration 022's first engagements from the events as the insert listener does", async () => {
    const f = await engineAccount(t.app, t.db, 'metrics-first-backfill');
    const at = base + 160 * day;
    const [first, second] = [randomUUID(), randomUUID()];
    await write([
      event(f, at, { type: 'open', messageId: first, fields: { prefetched: true } }),
      event(f, at + minute, { type: 'initial_open', messageId: first }),
      event(f, at + minute, { type: 'amp_click', messageId: second }),
      event(f, at + minute, { type: 'delivery', messageId: second }),
    ]);
    const recorded = () =>
      t.db.query(
        `SELECT message_id::text AS message_id, kind, first_at FROM metric_first_engagements
         WHERE message_id = ANY($1::uuid[]) ORDER BY message_id, kind`,
        [[first, second]],
      );
    const fromListener = await recorded();
    expect(fromListener.filter((row) => row.message_id === first).map((row) => row.kind)).toEqual([
      'engaged',
      'initial',
      'np_engaged',
      'np_initial',
      'rendered',
    ]);
    const migration = await readFile(
      new URL('../../db/migrations/022_metric_first_engagements.sql', import.meta.url),
      'utf8',
    );
    const start = migration.indexOf('INSERT INTO metric_first_engagements');
    const backfill = migration.slice(start, migration.indexOf(';', start));
    await t.db.query('DELETE FROM metric_first_engagements WHERE message_id = ANY($1::uuid[])', [
      [first, second],
    ]);
    await t.db.query(backfill);
    expect(await recorded()).toEqual(fromListener);
  });

  // Proves the lock order on PostgreSQL; PGlite runs one transaction at a time anyway.
  it('lets two transactions write the same company rows in opposite orders without a deadlock', async () => {
    const g = await engineAccount(t.app, t.db, 'metrics-lock-order');
    const [dayOne, dayTwo] = [base + 170 * day, base + 171 * day];
    let firstWritten: () => void = () => {};
    const written = new Promise<void>((resolve) => {
      firstWritten = resolve;
    });
    const first = t.db.transaction(async (tx) => {
      await t.engine.events.insert(tx, [event(g, dayOne)]);
      firstWritten();
      // Meanwhile the other transaction writes dayTwo, then waits for dayOne's rows.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await t.engine.events.insert(tx, [event(g, dayTwo)]);
    });
    await written;
    const second = t.db.transaction(async (tx) => {
      await t.engine.events.insert(tx, [event(g, dayTwo)]);
      await t.engine.events.insert(tx, [event(g, dayOne)]);
    });
    await Promise.all([first, second]);
    const series = await results(
      g,
      `/deliverability/time-series?${window(170, 2)}&precision=day&metrics=count_injected`,
    );
    expect(series.map((row) => row.count_injected)).toEqual([2, 2]);
  });

  it("counts in migration 018's backfill as the insert listener does", async () => {
    const c = await engineAccount(t.app, t.db, 'metrics-backfill');
    const at = base + 100 * day;
    const [first, second] = [randomUUID(), randomUUID()];
    await write([
      event(c, at),
      event(c, at, { type: 'delivery', fields: { num_retries: '0', queue_time: '50', msg_size: '900' } }),
      event(c, at, { type: 'delivery', fields: { num_retries: '1', queue_time: '70', msg_size: '800' } }),
      event(c, at, { type: 'bounce', bounceClass: 22 }),
      event(c, at, { type: 'out_of_band', bounceClass: 25 }),
      event(c, at, { type: 'delay', fields: { num_retries: '0' } }),
      event(c, at, { type: 'policy_rejection' }),
      event(c, at, { type: 'generation_rejection' }),
      event(c, at, { type: 'spam_complaint' }),
      event(c, at, { type: 'link_unsubscribe' }),
      event(c, at, { type: 'open', messageId: first, fields: { prefetched: true } }),
    ]);
    await write([
      event(c, at + minute, { type: 'open', messageId: first }),
      event(c, at + minute, { type: 'initial_open', messageId: first }),
      event(c, at + minute, { type: 'click', messageId: first }),
      event(c, at + minute, { type: 'click', messageId: second }),
    ]);
    const migration = await readFile(new URL('../../db/migrations/018_metrics.sql', import.meta.url), 'utf8');
    const start = migration.indexOf('CREATE TEMP TABLE metric_backfill');
    const backfill = migration.slice(start, migration.indexOf(';', start));
    const sums = counters.map((counter) => `coalesce(sum(${counter}), 0)::float8 AS ${counter}`).join(', ');
    const [fromEvents, fromListener] = await t.db.transaction(async (tx) => {
      await tx.query(backfill);
      return [
        await tx.one(`SELECT ${sums} FROM metric_backfill WHERE company_id = $1`, [c.companyId]),
        await tx.one(`SELECT ${sums} FROM metric_totals WHERE company_id = $1 AND grain = 1440`, [
          c.companyId,
        ]),
      ];
    });
    expect(fromEvents).toEqual(fromListener);
    expect(fromListener).toMatchObject({
      unique_clicked: 2,
      np_unique_rendered: 1,
      unique_rendered: 1,
      admin_bounce: 1,
    });
  });

  it('purges rollups past the 6-month retention and keeps the rest', async () => {
    const d = await engineAccount(t.app, t.db, 'metrics-retention');
    const now = t.clock.now().getTime();
    const [oldMessage, newMessage] = [randomUUID(), randomUUID()];
    await write([
      event(d, now - 200 * day),
      event(d, now - 2 * day),
      event(d, now - 200 * day, { type: 'click', messageId: oldMessage }),
      event(d, now - 2 * day, { type: 'click', messageId: newMessage }),
    ]);
    const count = async () =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM metric_rollups WHERE company_id = $1',
          [d.companyId],
        )
      ).count;
    expect(await count()).toBe(6);
    expect(await t.engine.metrics.purgeExpired(t.clock.now())).toBeGreaterThanOrEqual(9);
    expect(await count()).toBe(3);
    const firsts = await t.db.query<{ message_id: string }>(
      'SELECT DISTINCT message_id::text AS message_id FROM metric_first_engagements WHERE message_id = ANY($1::uuid[])',
      [[oldMessage, newMessage]],
    );
    expect(firsts).toEqual([{ message_id: newMessage }]);
    const [recent] = await results(
      d,
      `/deliverability?from=${minuteOf(now - 3 * day)}&to=${minuteOf(now)}&metrics=count_injected`,
    );
    expect(recent).toEqual({ count_injected: 1 });
  });
});
