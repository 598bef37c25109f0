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
import { joinMember } from '../../testing/team.ts';

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

  it('tells when the account was made, changed, renews its allowance, and what support it has', async () => {
    const before = (await call(a, 'GET', '/account')).json().results;
    const now = t.clock.now();
    expect(before).toMatchObject({
      anniversary_date: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      status: 'active',
      status_updated: before.created,
      status_reason_category: '',
      support: { phone: false, online: true },
      subscription: { type: 'default', effective_date: before.created },
    });
    expect(Date.parse(before.updated)).toBeGreaterThanOrEqual(Date.parse(before.created));
    t.clock.advance(60_000);
    await call(a, 'PUT', '/account', { company_name: 'Account Inc' });
    const renamed = (await call(a, 'GET', '/account')).json().results;
    expect(renamed.updated).toBe(t.clock.now().toISOString());
    expect(renamed.created).toBe(before.created);
    t.clock.advance(60_000);
    await call(a, 'PUT', '/account', { options: { inline_seeds: false } });
    expect((await call(a, 'GET', '/account')).json().results.updated).toBe(t.clock.now().toISOString());
  });

  it('renames the company and keeps the options; what this server does not offer is refused, naming it', async () => {
    const renamed = await call(a, 'PUT', '/account', { company_name: 'Account Renamed' });
    expect(renamed.json()).toEqual({ results: { message: 'Account has been updated' } });
    expect((await call(a, 'GET', '/account')).json().results.company_name).toBe('Account Renamed');

    const set = await call(a, 'PUT', '/account', {
      options: { smtp_tracking_default: true, click_tracking: false },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      await call(a, 'PUT', '/account', { tfa_required: false, options: { rest_tracking_default: false } }),
    ).toHaveProperty('statusCode', 200);
    expect((await call(a, 'GET', '/account')).json().results.options).toEqual({
      inline_seeds: false,
      smtp_tracking_default: true,
      click_tracking: false,
      rest_tracking_default: false,
    });

    const refused = await call(a, 'PUT', '/account', {
      company_name: 'Not applied',
      tfa_required: true,
      options: { click_tracking: true, open_tracking_everywhere: true },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0]).toMatchObject({
      code: '1300',
      description: expect.stringMatching(
        /^tfa_required, options\.open_tracking_everywhere: not supported by this server; the options are smtp_tracking_default, /,
      ),
    });
    const after = (await call(a, 'GET', '/account')).json().results;
    expect(after.company_name).toBe('Account Renamed');
    expect(after.options.click_tracking).toBe(false);
    await call(a, 'PUT', '/account', {
      options: { smtp_tracking_default: false, click_tracking: true, rest_tracking_default: true },
    });
  });

  it('a PUT whose options cannot be kept changes nothing, not even the name', async () => {
    const before = (await call(a, 'GET', '/account')).json().results.company_name;
    await t.db.query('ALTER TABLE account_options RENAME TO account_options_gone');
    try {
      const failed = await call(a, 'PUT', '/account', {
        company_name: 'Half renamed',
        options: { click_tracking: false },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.query('ALTER TABLE account_options_gone RENAME TO account_options');
    }
    expect((await call(a, 'GET', '/account')).json().results.company_name).toBe(before);
  });

  it('PUT needs account/modify: an smtp/inject key and a MEMBER session cannot rename the company', async () => {
    const before = (await call(a, 'GET', '/account')).json().results.company_name;
    const injectOnly = (
      await call(a, 'POST', '/api-keys', { label: 'relay only', grants: ['smtp/inject'] })
    ).json().results.key as string;
    const byKey = await call(
      a,
      'PUT',
      '/account',
      { company_name: 'Renamed by a relay key' },
      {
        authorization: injectOnly,
      },
    );
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().errors[0]).toMatchObject({
      code: '1100',
      description: 'this API key lacks the account/modify grant',
    });
    const member = await joinMember(t.app, t.db, a);
    const bySession = await call(
      a,
      'PUT',
      '/account',
      { company_name: 'Renamed by a member' },
      {
        authorization: `Bearer ${member.token}`,
      },
    );
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json().errors[0].description).toBe(
      'Your role does not allow this: manage company settings',
    );
    // Both may still read it.
    expect((await call(a, 'GET', '/account', undefined, { authorization: injectOnly })).statusCode).toBe(200);
    expect((await call(a, 'GET', '/account')).json().results.company_name).toBe(before);

    const settingsRole = await t.app.inject({
      method: 'POST',
      url: '/v1/company/roles',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { name: 'Settings', permissions: ['settings.manage'] },
    });
    const manager = await joinMember(t.app, t.db, a, settingsRole.json().data.id);
    const allowed = await call(
      a,
      'PUT',
      '/account',
      { company_name: before },
      {
        authorization: `Bearer ${manager.token}`,
      },
    );
    expect(allowed.statusCode).toBe(200);
    const accountKey = (
      await call(a, 'POST', '/api-keys', { label: 'account', grants: ['account/modify'] })
    ).json().results.key as string;
    expect(
      (await call(a, 'PUT', '/account', { company_name: before }, { authorization: accountKey })).statusCode,
    ).toBe(200);
  });

  it("is the master account's: a subaccount key is refused", async () => {
    const shop = await subaccountWithKey(t.app, a, 'Account shop');
    expect((await call(a, 'GET', '/account', undefined, shop.key)).statusCode).toBe(403);
  });
});
