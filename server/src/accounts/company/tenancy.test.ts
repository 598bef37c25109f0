import { permissions } from '@app/contract/accounts/team';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('company data and tenant isolation on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'alice', 'Company A');
    b = await signUp(t.app, t.db, 'bob', 'Company B');
  });

  const get = (url: string, account: TestAccount) => t.getData(url, account.token);

  it('GET /company/detail describes the caller company with the shell defaults', async () => {
    const company = await get('/v1/company/detail', a);
    expect(company).toEqual({
      id: expect.any(String),
      name: 'Company A',
      phone: '+62 812 3456',
      industry: '',
      website: '',
      createdAt: expect.any(Number),
      sandbox: true,
      environment: 'sandbox',
      productionStatus: 'None',
      timezone: '(UTC+07:00) Bangkok, Hanoi, Jakarta',
      country: '',
      language: 'en',
      role: 'ADMIN',
      permissions: [...permissions],
      consoleProfile: null,
      toggles: [],
      autoLinkUtm: false,
    });
    expect(Math.abs(company.createdAt - t.clock.now().getTime())).toBeLessThan(60_000);
  });

  it('every route answers with the caller company and user only', async () => {
    const companyB = await get('/v1/company/detail', b);
    const userB = await get('/v1/users/detail', b);
    for (const url of ['/v1/me', '/v1/users/detail', '/v1/company/detail', '/v1/on-boarding/product-tour']) {
      const body = JSON.stringify(await get(url, a));
      expect(body).not.toContain(companyB.id);
      expect(body).not.toContain(userB.id);
      expect(body).not.toContain(b.email);
      expect(body).not.toContain('Company B');
    }
  });

  it('ids in the request never select another tenant', async () => {
    const companyB = await get('/v1/company/detail', b);
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/company/detail?id=${companyB.id}&companyId=${companyB.id}`,
      headers: auth(a.token),
    });
    expect(response.json().data.name).toBe('Company A');

    const userB = await get('/v1/users/detail', b);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user',
      headers: auth(a.token),
      payload: { fullname: 'Mallory', userId: userB.id, id: userB.id },
    });
    expect((await get('/v1/me', b)).fullname).toBe('');
    expect((await get('/v1/me', a)).fullname).toBe('Mallory');
  });

  it('tour flags and usage counters stay within their company', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/v1/on-boarding/product-tour',
      headers: auth(b.token),
      payload: { sandboxWelcome: true },
    });
    const companyB = await get('/v1/company/detail', b);
    await t.db.query(
      `INSERT INTO usage_counters (company_id, feature, period_start, used, updated_at)
       VALUES ($1, 'email', date_trunc('month', $2::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 42, $2)`,
      [companyB.id, t.clock.now()],
    );
    expect((await get('/v1/on-boarding/product-tour', a)).sandboxWelcome).toBe(false);
    expect((await get('/v1/on-boarding/product-tour', b)).sandboxWelcome).toBe(true);
    expect((await get('/v1/usage', a)).email.usage).toBe(0);
    expect((await get('/v1/usage', b)).email.usage).toBe(42);
  });
});
