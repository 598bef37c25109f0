import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { base, day, hour, useMetricsApp, window } from '../../testing/metrics-suite.ts';
import { queryFiltersSchema } from './metrics-query.ts';

const suppressed = '554 5.7.1 recipient address was suppressed due to customer policy';
const filtersParam = (filters: unknown) => `query_filters=${encodeURIComponent(JSON.stringify(filters))}`;

describe.each(databases)('rejection reason metrics on $name', (database) => {
  const { t, event, write, call, results, state } = useMetricsApp(database);

  it('counts rejections by reason and type from the rollups, adding up to count_rejected', async () => {
    const { a } = state();
    const at = base + 120 * day + hour;
    const long = `550 ${'x'.repeat(300)}`;
    await write([
      event(a, at, { type: 'policy_rejection', reason: suppressed, rcptTo: 'a@gmail.example' }),
      event(a, at, { type: 'policy_rejection', reason: suppressed, rcptTo: 'b@yahoo.example' }),
      event(a, at, {
        type: 'generation_rejection',
        reason: 'subject is empty after substitution',
        rcptTo: 'c@mail.example',
      }),
      event(a, at, { type: 'generation_failure', reason: long, rcptTo: 'd@mail.example' }),
      // Not rejections: left out.
      event(a, at, { type: 'bounce', bounceClass: 10, reason: '550 5.1.1 unknown user' }),
      event(a, at),
    ]);
    const rows = await results(a, `/deliverability/rejection-reason?${window(120)}`);
    expect(rows).toEqual([
      { reason: suppressed, count_rejected: 2, rejection_category_id: 1, rejection_type: 'Policy Rejection' },
      {
        reason: long.slice(0, 255),
        count_rejected: 1,
        rejection_category_id: 3,
        rejection_type: 'Generation Failure',
      },
      {
        reason: 'subject is empty after substitution',
        count_rejected: 1,
        rejection_category_id: 2,
        rejection_type: 'Generation Rejection',
      },
    ]);
    const [total] = await results(a, `/deliverability?${window(120)}&metrics=count_rejected`);
    expect(total).toEqual({ count_rejected: rows.reduce((sum, row) => sum + Number(row.count_rejected), 0) });

    const byDomain = await results(
      a,
      `/deliverability/rejection-reason/domain?${window(120)}&domains=gmail.example,yahoo.example`,
    );
    expect(byDomain).toEqual([
      {
        reason: suppressed,
        domain: 'gmail.example',
        count_rejected: 1,
        rejection_category_id: 1,
        rejection_type: 'Policy Rejection',
      },
      {
        reason: suppressed,
        domain: 'yahoo.example',
        count_rejected: 1,
        rejection_category_id: 1,
        rejection_type: 'Policy Rejection',
      },
    ]);
    expect(await results(a, `/deliverability/rejection-reason/domain?${window(120)}&limit=1`)).toHaveLength(
      1,
    );
    const filtered = await results(
      a,
      `/deliverability/rejection-reason/domain?${window(120)}&${filtersParam({ groupings: [{ AND: { domains: { notLike: ['gmail'] } } }] })}`,
    );
    // Equal counts go by reason, then domain.
    expect(filtered.map((row) => row.domain)).toEqual(['mail.example', 'yahoo.example', 'mail.example']);
  });

  it('shows each company only its own rejections, and a subaccount only its own', async () => {
    const { a, b, subaccountId } = state();
    const at = base + 121 * day;
    await write([
      event(a, at, { type: 'policy_rejection', reason: suppressed }),
      event(a, at, { type: 'policy_rejection', reason: suppressed, subaccountId }),
      event(b, at, { type: 'generation_rejection', reason: 'from address "x" is not a valid email address' }),
    ]);
    const path = `/deliverability/rejection-reason?${window(121)}`;
    expect((await results(a, path)).map((row) => row.count_rejected)).toEqual([2]);
    expect((await results(a, path, subaccountId)).map((row) => row.count_rejected)).toEqual([1]);
    expect((await results(a, `${path}&subaccounts=0`)).map((row) => row.count_rejected)).toEqual([1]);
    expect((await results(b, path)).map((row) => row.rejection_type)).toEqual(['Generation Rejection']);
  });

  it("counts in migration 031c's backfill as the insert listener does", async () => {
    const c = await engineAccount(t.app, t.db, 'rejections-backfill');
    const at = base + 122 * day;
    await write([
      event(c, at, { type: 'policy_rejection', reason: suppressed }),
      event(c, at + hour, { type: 'generation_failure', reason: `x${'é'.repeat(300)}` }),
      event(c, at, { type: 'delivery' }),
    ]);
    const rows = () =>
      t.db.query(
        `SELECT grain, bucket, reason, rejection_type, rejected::int AS rejected FROM metric_rejections
         WHERE company_id = $1 ORDER BY grain, bucket, reason`,
        [c.companyId],
      );
    const fromListener = await rows();
    expect(fromListener).toHaveLength(6);
    const migration = await readFile(
      new URL('../../db/migrations/031c_metric_rejections.sql', import.meta.url),
      'utf8',
    );
    const start = migration.indexOf('INSERT INTO metric_rejections');
    await t.db.query('DELETE FROM metric_rejections WHERE company_id = $1', [c.companyId]);
    await t.db.query(
      migration
        .slice(start, migration.indexOf(';', start))
        .replace('WHERE e.type', 'WHERE e.company_id = $1 AND e.type'),
      [c.companyId],
    );
    expect(await rows()).toEqual(fromListener);
  });

  it('takes a metrics list it does not need as the reference does, and refuses a bad limit with 400', async () => {
    const { a } = state();
    expect(
      await results(a, `/deliverability/rejection-reason?${window(123)}&metrics=count_injected`),
    ).toEqual([]);
    const response = await call(a, `/deliverability/rejection-reason?${window(123)}&limit=0`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ param: 'limit' });
  });

  it('publishes a query_filters schema of exactly the filters and comparators the routes take', async () => {
    const { a } = state();
    const schema = (await call(a, '/deliverability/query-filters-schema')).json().results;
    expect(schema).toEqual(JSON.parse(JSON.stringify(queryFiltersSchema)));
    const keys = Object.keys(schema.$defs.filters.properties);
    expect(keys).toEqual(
      expect.arrayContaining(['domains', 'sending_domains', 'campaigns', 'templates', 'subaccounts']),
    );
    const path = (filters: unknown) =>
      `/deliverability?${window(124)}&metrics=count_injected&${filtersParam(filters)}`;
    for (const key of keys) {
      for (const comparator of Object.keys(schema.$defs.comparisons.properties)) {
        const value = key === 'subaccounts' && !comparator.endsWith('ike') ? 0 : 'abc';
        const response = await call(a, path({ groupings: [{ OR: { [key]: { [comparator]: [value] } } }] }));
        expect(response.statusCode, `${key}.${comparator}`).toBe(200);
      }
    }
    // What the schema leaves out is refused.
    for (const refused of [
      { groupings: [{ AND: { mailbox_provider_regions: { eq: ['Europe'] } } }] },
      { groupings: [{ AND: { domains: { like: ['ab'] } } }] },
      { groupings: [{ AND: {}, OR: {} }] },
      { groupings: [], extra: true },
    ]) {
      expect((await call(a, path(refused))).statusCode, JSON.stringify(refused)).toBe(400);
    }
  });
});
