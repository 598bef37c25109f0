import { describe, expect, it } from 'vitest';
import { signUp } from '../../testing/accounts.ts';
import { testClock, useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('usage and plan on $name', (database) => {
  const t = useTestApp(database, { clock: testClock(new Date('2031-03-15T10:00:00Z')) });
  const get = t.getData;

  it('puts a new company on FREE with 3000 emails a month and zero usage', async () => {
    const { token } = await signUp(t.app, t.db);
    const usage = await get('/v1/usage', token);
    expect(usage.email).toEqual({
      feature: 'email',
      usage: 0,
      quota: 3000,
      enable: true,
      type: 'monthly',
      plan: 'FREE',
      version: 1,
      periodStart: '2031-03-01T00:00:00.000Z',
      periodEnd: '2031-04-01T00:00:00.000Z',
      lastUpdated: null,
    });
    expect(Object.keys(usage).sort()).toEqual(['bulk', 'daily', 'email', 'extra', 'purify', 'sandbox']);
    expect(usage.daily).toMatchObject({ quota: -1, periodStart: '2031-03-15T00:00:00.000Z' });

    expect(await get('/app/usages/quota', token)).toEqual({
      plan: 'FREE',
      quota: 3000,
      usage: 0,
      remaining: 3000,
      periodStart: '2031-03-01T00:00:00.000Z',
      periodEnd: '2031-04-01T00:00:00.000Z',
    });
  });

  it("reads this period's counters and ignores older periods", async () => {
    const { token } = await signUp(t.app, t.db);
    const { id: companyId } = await get('/v1/company/detail', token);
    await t.db.query(
      `INSERT INTO usage_counters (company_id, feature, period_start, used, updated_at) VALUES
         ($1, 'email', '2031-03-01T00:00:00Z', 120, '2031-03-15T09:00:00Z'),
         ($1, 'email', '2031-02-01T00:00:00Z', 999, '2031-02-20T09:00:00Z')`,
      [companyId],
    );
    const usage = await get('/v1/usage', token);
    expect(usage.email).toMatchObject({ usage: 120, lastUpdated: '2031-03-15T09:00:00.000Z' });
    expect(await get('/app/usages/quota', token)).toMatchObject({ usage: 120, remaining: 2880 });
  });

  it('describes the active subscription with the plan limits', async () => {
    const { token } = await signUp(t.app, t.db);
    const subscription = await get('/app/subscriptions/active-subscription', token);
    expect(subscription).toMatchObject({
      packetId: 'FREE',
      plan: 'FREE',
      startDate: '2031-03-15T10:00:00.000Z',
      expiredDate: null,
      price: 0,
      version: 1,
      paymentMethod: null,
    });
    const transactional = subscription.features.find(
      (group: { name: string }) => group.name === 'transactional email',
    );
    expect(transactional.subFeatures).toContainEqual({
      name: 'emailSentLimit',
      text: 'Emails per month',
      limit: 3000,
      enable: true,
    });
  });
});
