import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import {
  type EngineAccount,
  engineAccount,
  engineCaller,
  sampleTransmission,
  subaccountWithKey,
} from '../../testing/engine.ts';

describe.each(databases)('GET and PUT /account on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'account');
  });

  it("describes the key's company and plan; include=usage adds this day's and month's sends", async () => {
    const plain = await call(a, 'GET', '/account');
    expect(plain.statusCode).toBe(200);
    const account = plain.json().results;
    expect(account).toMatchObject({
      customer_id: a.companyId,
      company_name: 'account Inc',
      status: 'active',
      tfa_required: false,
      subscription: { code: 'FREE', plan_volume: expect.any(Number) },
      options: {},
    });
    expect(account).not.toHaveProperty('usage');

    expect(
      (await call(a, 'POST', '/transmissions', sampleTransmission('count@example.test'))).statusCode,
    ).toBe(200);
    const { usage } = (await call(a, 'GET', '/account?include=usage')).json().results;
    expect(usage.timestamp).toBe(t.clock.now().toISOString());
    expect(usage.month).toEqual({
      used: 1,
      limit: account.subscription.plan_volume,
      start: expect.any(String),
      end: expect.any(String),
    });
    expect(usage.day).toMatchObject({ used: 1 });
    expect(Date.parse(usage.month.start)).toBeLessThan(Date.parse(usage.month.end));
    expect((await call(a, 'GET', '/account?include=billing')).statusCode).toBe(422);
  });

  it('GET /usage: the messaging usage of this day and month, with the last day mail was sent', async () => {
    const { results } = (await call(a, 'GET', '/usage')).json();
    expect(results).toEqual({
      messaging: {
        day: { start: expect.any(String), end: expect.any(String), used: 1 },
        month: { start: expect.any(String), end: expect.any(String), used: 1 },
        last_usage_date: t.clock.now().toISOString().slice(0, 10),
        timestamp: t.clock.now().toISOString(),
      },
    });
  });

  it('renames the company; settings this server does not offer are refused, naming them', async () => {
    const renamed = await call(a, 'PUT', '/account', { company_name: 'Account Renamed' });
    expect(renamed.json()).toEqual({ results: { message: 'Account has been updated' } });
    expect((await call(a, 'GET', '/account')).json().results.company_name).toBe('Account Renamed');

    const refused = await call(a, 'PUT', '/account', {
      company_name: 'Not applied',
      tfa_required: true,
      options: { click_tracking: false },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: '1300',
      description: expect.stringMatching(/^tfa_required, options\.click_tracking: /),
    });
    expect((await call(a, 'GET', '/account')).json().results.company_name).toBe('Account Renamed');
  });

  it("is the master account's: a subaccount key is refused", async () => {
    const shop = await subaccountWithKey(t.app, a, 'Account shop');
    expect((await call(a, 'GET', '/account', undefined, shop.key)).statusCode).toBe(403);
  });
});
