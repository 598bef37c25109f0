import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { engineCall } from '../../testing/engine.ts';
import { base, day, hour, minute, minuteOf, useMetricsApp, window } from '../../testing/metrics-suite.ts';

describe.each(databases)('metrics on $name', (database) => {
  const { t, event, write, call, results, state } = useMetricsApp(database);

  it('buckets a time-series by the precision, in the timezone, with zeros where nothing happened', async () => {
    const { a } = state();
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
    const { a } = state();
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
    const { a, b, subaccountId } = state();
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
    const { a } = state();
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
    const { a } = state();
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
    const { a } = state();
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
});
