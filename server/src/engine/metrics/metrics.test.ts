import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../../testing/engine.ts';
import { testEvent } from '../../testing/events.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import { counters } from './metric-definitions.ts';

type Row = Record<string, number | string>;

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
/** `YYYY-MM-DDTHH:MM` of a UTC instant, as the Metrics API takes it. */
const minuteOf = (at: number) => new Date(at).toISOString().slice(0, 16);

describe.each(databases)('metrics on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  let subaccountId: number;

  const event = (
    account: EngineAccount,
    at: number,
    overrides: Partial<NewMessageEvent> = {},
  ): NewMessageEvent =>
    testEvent(account.companyId, new Date(at), {
      type: 'injection',
      templateId: 'welcome',
      rcptTo: 'jane@gmail.example',
      friendlyFrom: 'Shop <orders@shop.example>',
      ...overrides,
    });
  const write = (events: NewMessageEvent[]) => t.db.transaction((tx) => t.engine.events.insert(tx, events));
  /** `as` is a subaccount the master key acts for (X-MSYS-SUBACCOUNT), or another Authorization. */
  const call = (account: EngineAccount, path: string, as?: number | string) =>
    engineCall(
      t.app,
      account,
      'GET',
      `/metrics${path}`,
      undefined,
      typeof as === 'number' ? { subaccount: as } : as ? { authorization: as } : {},
    );
  const results = async (account: EngineAccount, path: string, as?: number | string): Promise<Row[]> => {
    const response = await call(account, path, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().results;
  };
  /** A window of its own per test: days after this base, so tests sharing the account do not mix. */
  const base = Date.UTC(2026, 0, 1);
  const window = (startDay: number, days = 1) =>
    `from=${minuteOf(base + startDay * day)}&to=${minuteOf(base + (startDay + days) * day)}`;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'metrics-a');
    b = await engineAccount(t.app, t.db, 'metrics-b');
    const created = await engineCall(t.app, a, 'POST', '/subaccounts', {
      name: 'Shop',
      setup_api_key: false,
    });
    subaccountId = created.json().results.subaccount_id;
  });

  it('counts injections, deliveries, bounces by class and rejections, in total and by recipient domain', async () => {
    const at = base + 10 * hour;
    await write([
      event(a, at, { rcptTo: 'x@gmail.example' }),
      event(a, at, { rcptTo: 'y@gmail.example' }),
      event(a, at, { rcptTo: 'z@yahoo.example' }),
      event(a, at + minute, {
        type: 'delivery',
        rcptTo: 'x@gmail.example',
        fields: { num_retries: '0', queue_time: '120', msg_size: '2000' },
      }),
      event(a, at + 2 * minute, {
        type: 'delivery',
        rcptTo: 'z@yahoo.example',
        fields: { num_retries: '2', queue_time: '900', msg_size: '3000' },
      }),
      event(a, at + minute, {
        type: 'bounce',
        rcptTo: 'y@gmail.example',
        bounceClass: 10,
        reason: '550 5.1.1 no such user',
      }),
      event(a, at + 3 * minute, {
        type: 'out_of_band',
        rcptTo: 'x@gmail.example',
        bounceClass: 51,
        reason: 'spam block',
      }),
      event(a, at, { type: 'policy_rejection', rcptTo: 'p@gmail.example' }),
      event(a, at, { type: 'generation_failure', rcptTo: 'q@gmail.example' }),
      event(a, at + minute, { type: 'delay', rcptTo: 'z@yahoo.example', fields: { num_retries: '0' } }),
    ]);
    const metrics =
      'count_targeted,count_injected,count_sent,count_accepted,count_delivered,count_delivered_first,count_delivered_subsequent,count_bounce,count_inband_bounce,count_outofband_bounce,count_hard_bounce,count_block_bounce,count_rejected,count_policy_rejection,count_generation_failed,count_delayed,count_delayed_first,total_msg_volume,total_delivery_time_first,total_delivery_time_subsequent';
    const [summary] = await results(a, `/deliverability?${window(0)}&metrics=${metrics}`);
    expect(summary).toEqual({
      count_targeted: 5,
      count_injected: 3,
      count_sent: 3,
      count_accepted: 1,
      count_delivered: 2,
      count_delivered_first: 1,
      count_delivered_subsequent: 1,
      count_bounce: 2,
      count_inband_bounce: 1,
      count_outofband_bounce: 1,
      count_hard_bounce: 1,
      count_block_bounce: 1,
      count_rejected: 2,
      count_policy_rejection: 1,
      count_generation_failed: 1,
      count_delayed: 1,
      count_delayed_first: 1,
      total_msg_volume: 5000,
      total_delivery_time_first: 120,
      total_delivery_time_subsequent: 900,
    });

    const domains = await results(
      a,
      `/deliverability/domain?${window(0)}&metrics=count_injected,count_bounce`,
    );
    expect(domains).toEqual([
      { domain: 'gmail.example', count_injected: 2, count_bounce: 2 },
      { domain: 'yahoo.example', count_injected: 1, count_bounce: 0 },
    ]);
    const filtered = await results(
      a,
      `/deliverability/campaign?${window(0)}&metrics=count_injected&domains=YAHOO.example`,
    );
    expect(filtered).toEqual([{ campaign_id: 'spring', count_injected: 1 }]);
    const limited = await results(
      a,
      `/deliverability/domain?${window(0)}&metrics=count_injected&order_by=count_delivered&limit=1`,
    );
    expect(limited).toEqual([{ domain: 'gmail.example', count_injected: 2 }]);

    const reasons = await results(
      a,
      `/deliverability/bounce-reason?${window(0)}&metrics=count_bounce,count_inband_bounce`,
    );
    expect(reasons).toContainEqual({
      reason: '550 5.1.1 no such user',
      bounce_class_name: 'Invalid Recipient',
      bounce_class_description: 'The recipient is invalid.',
      bounce_category_id: 1,
      bounce_category_name: 'Hard',
      classification_id: 10,
      count_bounce: 1,
      count_inband_bounce: 1,
    });
    const byDomain = await results(
      a,
      `/deliverability/bounce-reason/domain?${window(0)}&metrics=count_outofband_bounce`,
    );
    expect(byDomain.find((row) => row.reason === 'spam block')).toMatchObject({
      domain: 'gmail.example',
      classification_id: 51,
      count_outofband_bounce: 1,
    });
    const classes = await results(
      a,
      `/deliverability/bounce-classification?${window(0)}&metrics=count_bounce`,
    );
    expect(classes.map((row) => [row.classification_id, row.bounce_category_name, row.count_bounce])).toEqual(
      [
        [10, 'Hard', 1],
        [51, 'Block', 1],
      ],
    );

    const lists = await call(a, `/domains?${window(0)}`);
    expect(lists.json()).toEqual({ results: { domains: ['gmail.example', 'yahoo.example'] } });
  });

  it('counts a message opened or clicked once in the unique metrics, and leaves prefetched opens out of the nonprefetched ones', async () => {
    const at = base + 2 * day + hour;
    const [first, second] = [randomUUID(), randomUUID()];
    const open = (messageId: string, offset: number, prefetched = false) =>
      event(a, at + offset, { type: 'open', messageId, fields: prefetched ? { prefetched: true } : {} });
    await write([open(first, 0, true), open(first, minute)]);
    // Later batches: earlier events of the message are found in the table.
    await write([open(first, 2 * minute), event(a, at + 3 * minute, { type: 'click', messageId: first })]);
    await write([
      open(second, 0, true),
      event(a, at, { type: 'initial_open', messageId: second, fields: { prefetched: true } }),
    ]);
    const [summary] = await results(
      a,
      `/deliverability?${window(2)}&metrics=count_rendered,count_nonprefetched_rendered,count_unique_rendered,count_nonprefetched_unique_rendered,count_initial_rendered,count_unique_initial_rendered,count_nonprefetched_unique_initial_rendered,count_unique_confirmed_opened,count_nonprefetched_unique_confirmed_opened,count_clicked,count_unique_clicked`,
    );
    expect(summary).toEqual({
      count_rendered: 4,
      count_nonprefetched_rendered: 2,
      count_unique_rendered: 2,
      count_nonprefetched_unique_rendered: 1,
      count_initial_rendered: 1,
      count_unique_initial_rendered: 1,
      count_nonprefetched_unique_initial_rendered: 0,
      count_unique_confirmed_opened: 2,
      count_nonprefetched_unique_confirmed_opened: 1,
      count_clicked: 1,
      count_unique_clicked: 1,
    });
  });

  it('counts a message opened again after its earlier events were purged as not unique again', async () => {
    const e = await engineAccount(t.app, t.db, 'metrics-first-engagements');
    const messageId = randomUUID();
    const engage = (startDay: number) => [
      event(e, base + startDay * day + hour, { type: 'open', messageId }),
      event(e, base + startDay * day + hour, { type: 'initial_open', messageId }),
      event(e, base + startDay * day + hour, { type: 'click', messageId }),
    ];
    await write(engage(110));
    // The company's event retention (30 days) ends long before the rollups' 6 months.
    await t.db.query('DELETE FROM message_events WHERE company_id = $1', [e.companyId]);
    await write(engage(150));
    const [summary] = await results(
      e,
      `/deliverability?${window(110, 41)}&metrics=count_rendered,count_unique_rendered,count_nonprefetched_unique_rendered,count_unique_initial_rendered,count_unique_confirmed_opened,count_nonprefetched_unique_confirmed_opened,count_clicked,count_unique_clicked`,
    );
    expect(summary).toEqual({
      count_rendered: 2,
      count_unique_rendered: 1,
      count_nonprefetched_unique_rendered: 1,
      count_unique_initial_rendered: 1,
      count_unique_confirmed_opened: 1,
      count_nonprefetched_unique_confirmed_opened: 1,
      count_clicked: 2,
      count_unique_clicked: 1,
    });
  });

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

  it('buckets a time-series by the precision, in the timezone, with zeros where nothing happened', async () => {
    const start = base + 4 * day;
    await write([
      event(a, start + 5 * hour + 10 * minute),
      event(a, start + 5 * hour + 50 * minute),
      event(a, start + 7 * hour),
      event(a, start + 30 * hour),
    ]);
    const hours = await results(
      a,
      `/deliverability/time-series?from=${minuteOf(start)}&to=${minuteOf(start + 8 * hour)}&precision=hour&metrics=count_injected`,
    );
    expect(hours).toHaveLength(8);
    expect(hours[5]).toEqual({ ts: '2026-01-05T05:00:00+00:00', count_injected: 2 });
    expect(hours[6]).toEqual({ ts: '2026-01-05T06:00:00+00:00', count_injected: 0 });
    expect(hours[7]).toEqual({ ts: '2026-01-05T07:00:00+00:00', count_injected: 1 });

    const quarter = await results(
      a,
      `/deliverability/time-series?from=${minuteOf(start + 5 * hour)}&to=${minuteOf(start + 6 * hour)}&precision=15min&metrics=count_injected`,
    );
    expect(quarter.map((row) => row.count_injected)).toEqual([1, 0, 0, 1]);

    // New York is 5 hours behind UTC in January: from/to and the buckets are its wall-clock times.
    const local = await results(
      a,
      '/deliverability/time-series?from=2026-01-05T00:00&to=2026-01-05T04:00&precision=hour&timezone=America/New_York&metrics=count_injected',
    );
    expect(local.map((row) => [row.ts, row.count_injected])).toEqual([
      ['2026-01-05T00:00:00-05:00', 2],
      ['2026-01-05T01:00:00-05:00', 0],
      ['2026-01-05T02:00:00-05:00', 1],
      ['2026-01-05T03:00:00-05:00', 0],
    ]);
    // Day buckets are UTC days whatever the timezone.
    const days = await results(
      a,
      `/deliverability/time-series?${window(4, 2)}&precision=day&timezone=America/New_York&metrics=count_injected`,
    );
    expect(days.map((row) => [row.ts, row.count_injected])).toEqual([
      ['2026-01-05T00:00:00+00:00', 3],
      ['2026-01-06T00:00:00+00:00', 1],
      // to is 2026-01-07T00:00 in New York, 05:00 UTC: its UTC day is in the window.
      ['2026-01-07T00:00:00+00:00', 0],
    ]);
  });

  it('reads a 30-day time-series from the rollups, also after the events are gone', async () => {
    const start = base + 40 * day;
    const events = Array.from({ length: 30 }, (_, index) =>
      event(a, start + index * day + 13 * hour + 7 * minute),
    );
    await write(events);
    await t.db.query('DELETE FROM message_events WHERE company_id = $1', [a.companyId]);
    const series = await results(
      a,
      `/deliverability/time-series?${window(40, 30)}&precision=day&metrics=count_injected`,
    );
    expect(series).toHaveLength(30);
    expect(series.every((row) => row.count_injected === 1)).toBe(true);
    const hours = await results(
      a,
      `/deliverability/time-series?${window(40, 30)}&precision=hour&metrics=count_injected`,
    );
    expect(hours).toHaveLength(720);
    expect(hours.reduce((sum, row) => sum + Number(row.count_injected), 0)).toBe(30);
    // Window ends off the hour: the ragged ends come from minute rows.
    const [ragged] = await results(
      a,
      `/deliverability?from=${minuteOf(start + 13 * hour + 7 * minute)}&to=${minuteOf(start + 29 * day + 13 * hour + 8 * minute)}&metrics=count_injected`,
    );
    expect(ragged).toEqual({ count_injected: 30 });
  });

  it('shows each company only its own metrics, and a subaccount only its own', async () => {
    const at = base + 80 * day + hour;
    await write([
      event(a, at, { campaignId: 'isolated' }),
      event(a, at, { campaignId: 'isolated', subaccountId }),
      event(a, at, { campaignId: 'isolated', subaccountId }),
      event(b, at, { campaignId: 'isolated' }),
    ]);
    const path = `/deliverability?${window(80)}&metrics=count_injected`;
    expect(await results(a, path)).toEqual([{ count_injected: 3 }]);
    expect(await results(b, path)).toEqual([{ count_injected: 1 }]);
    expect(await results(a, path, subaccountId)).toEqual([{ count_injected: 2 }]);
    expect(await results(a, `${path}&subaccounts=0`)).toEqual([{ count_injected: 1 }]);
    const bySubaccount = await results(a, `/deliverability/subaccount?${window(80)}&metrics=count_injected`);
    expect(bySubaccount).toEqual([
      { subaccount_id: subaccountId, count_injected: 2 },
      { subaccount_id: 0, count_injected: 1 },
    ]);
    expect(
      await results(a, `/deliverability/subaccount?${window(80)}&metrics=count_injected`, subaccountId),
    ).toEqual([{ subaccount_id: subaccountId, count_injected: 2 }]);
  });

  it('applies advanced query_filters', async () => {
    const at = base + 90 * day + hour;
    await write([
      event(a, at, { rcptTo: 'a@gmail.example', campaignId: 'summer' }),
      event(a, at, { rcptTo: 'b@hotmail.example', campaignId: 'summer' }),
      event(a, at, { rcptTo: 'c@other.example', campaignId: 'winter' }),
    ]);
    const filters = {
      groupings: [
        { OR: { domains: { like: ['mail'] } } },
        { AND: { campaigns: { notEq: ['winter'] }, domains: { notLike: ['hotmail'] } } },
      ],
    };
    const rows = await results(
      a,
      `/deliverability/domain?${window(90)}&metrics=count_injected&query_filters=${encodeURIComponent(JSON.stringify(filters))}`,
    );
    expect(rows).toEqual([{ domain: 'gmail.example', count_injected: 1 }]);
  });

  it('refuses bad parameters with 400 naming the parameter, in SparkPost’s error shape', async () => {
    const cases: Array<[string, string]> = [
      ['/deliverability?metrics=count_injected', 'from'],
      [`/deliverability?${window(0)}`, 'metrics'],
      [`/deliverability?${window(0)}&metrics=count_injected,count_everything`, 'metrics'],
      [`/deliverability?${window(0)}&metrics=count_inbox_panel`, 'metrics'],
      [`/deliverability?${window(0, 2)}&precision=1min&metrics=count_injected`, 'precision'],
      [`/deliverability?${window(0)}&precision=week&metrics=count_injected`, 'precision'],
      [`/deliverability?${window(0)}&timezone=Mars/Olympus&metrics=count_injected`, 'timezone'],
      ['/deliverability?from=2026-01-01&metrics=count_injected', 'from'],
      [`/deliverability?from=2026-01-02T00:00&to=2026-01-01T00:00&metrics=count_injected`, 'from'],
      [`/deliverability/domain?${window(0)}&metrics=count_injected&limit=0`, 'limit'],
      [`/deliverability/domain?${window(0)}&metrics=count_injected&order_by=count_nothing`, 'order_by'],
      [
        `/deliverability?${window(0)}&metrics=count_injected&query_filters=${encodeURIComponent('{"groupings":[{"XOR":{}}]}')}`,
        'query_filters',
      ],
      [`/deliverability/bounce-reason?${window(0)}&metrics=count_injected`, 'metrics'],
      [`/deliverability?${window(0)}&metrics=count_injected&subaccounts=abc`, 'subaccounts'],
    ];
    for (const [path, param] of cases) {
      const response = await call(a, path);
      expect(response.statusCode, path).toBe(400);
      const [error] = response.json().errors;
      expect(error, path).toMatchObject({ param, code: expect.any(String), message: expect.any(String) });
      expect(error.description, path).toContain(param);
    }
  });

  it('needs the metrics/view grant', async () => {
    const created = await engineCall(t.app, a, 'POST', '/api-keys', {
      label: 'no metrics',
      grants: ['templates/view'],
    });
    const response = await call(
      a,
      `/deliverability?${window(0)}&metrics=count_injected`,
      created.json().results.key,
    );
    expect(response.statusCode).toBe(403);
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
