import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import type { MessageEventType, NewMessageEvent } from '../events/message-event.ts';

const hour = 3_600_000;
const day = 24 * hour;

describe.each(databases)('console analytics over the metric rollups on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;
  const base = Date.UTC(2026, 2, 1);

  const event = (
    account: EngineAccount,
    type: MessageEventType,
    at: number,
    bounceClass: number | null = null,
  ): NewMessageEvent => ({
    companyId: account.companyId,
    subaccountId: 0,
    type,
    timestamp: new Date(at),
    messageId: randomUUID(),
    transmissionId: '7',
    campaignId: '',
    templateId: null,
    rcptTo: 'jane@mail.example',
    friendlyFrom: 'shop@shop.example',
    subject: 'Hi',
    ipPool: 'default',
    bounceClass,
    reason: '',
    fields: {},
  });
  const get = (account: EngineAccount, url: string) =>
    t.app.inject({ method: 'GET', url, headers: auth(account.token) });

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'analytic-a');
    b = await engineAccount(t.app, t.db, 'analytic-b');
    await t.db.transaction((tx) =>
      t.engine.events.insert(tx, [
        event(a, 'injection', base + hour),
        event(a, 'injection', base + hour),
        event(a, 'injection', base + day + hour),
        event(a, 'delivery', base + 2 * hour),
        event(a, 'bounce', base + day + 2 * hour, 10),
        event(a, 'open', base + 3 * hour),
        event(b, 'injection', base + hour),
      ]),
    );
  });

  it('gives the analytics page its totals and a series per status group', async () => {
    const from = new Date(base).toISOString();
    const to = new Date(base + 3 * day).toISOString();
    const response = await get(a, `/v1/usage/analytic?from=${from}&to=${to}&status=Injection,Bounce`);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      precision: 'day',
      timezone: 'UTC',
      totals: {
        count_injected: 3,
        count_delivered: 1,
        count_bounce: 1,
        count_hard_bounce: 1,
        count_targeted: 3,
      },
    });
    expect(data.series).toEqual([
      { ts: '2026-03-01T00:00:00+00:00', Injection: 2, Bounce: 0 },
      { ts: '2026-03-02T00:00:00+00:00', Injection: 1, Bounce: 1 },
      { ts: '2026-03-03T00:00:00+00:00', Injection: 0, Bounce: 0 },
    ]);
    const other = (await get(b, `/v1/usage/analytic?from=${from}&to=${to}`)).json().data;
    expect(other.totals.count_injected).toBe(1);
  });

  it('refuses a bad status group or range in the console error shape', async () => {
    const bad = await get(a, '/v1/usage/analytic?status=Opens');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation' });
    const hourly = await get(
      a,
      `/v1/usage/analytic?from=${new Date(base).toISOString()}&to=${new Date(base + 60 * day).toISOString()}&precision=hour`,
    );
    expect(hourly.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/usage/analytic' })).statusCode).toBe(401);
  });

  it('serves the transactional stats: basic counts and a daily summary', async () => {
    const basic = await get(a, '/v1/stats/basic?start=2026-03-01&end=2026-03-02');
    expect(basic.statusCode, basic.body).toBe(200);
    expect(basic.json().data).toMatchObject({
      sent: 2,
      delivered: 1,
      bounced: 1,
      opened: 1,
      unique_opened: 1,
    });
    const summary = (await get(a, '/v1/stats/summary?start=2026-03-01&end=2026-03-02')).json().data;
    expect(summary.days.map((row: { date: string; bounced: number }) => [row.date, row.bounced])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 1],
    ]);
    expect(summary.total.delivered).toBe(1);
    expect((await get(a, '/v1/stats/basic?start=2026-03-05&end=2026-03-01')).statusCode).toBe(400);
  });
});
