import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/accounts.ts';
import { testClock, useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall, transmit } from '../../testing/engine.ts';

type Feature = 'email' | 'daily' | 'sandbox' | 'extra';

const quotaRows: Record<Feature, { limitName: string; label: string; period: string }> = {
  email: { limitName: 'emailSentLimit', label: 'Emails per month', period: 'monthly' },
  daily: { limitName: 'dailySentLimit', label: 'Emails per day', period: 'daily' },
  sandbox: { limitName: 'sandboxSentLimit', label: 'Sandbox emails per day', period: 'daily' },
  extra: { limitName: 'extraQuota', label: 'Add-on emails', period: 'none' },
};

const overQuota = (message: string, code: string, limitName: string) => ({
  errors: [{ message, code, description: `Quota of ${limitName} on transactional email is exceeded` }],
});
const monthly = overQuota('Exceed Sending Limit (monthly)', '2104', 'emailSentLimit');

describe.each(databases)('sending quotas on $name', (database) => {
  // Mid-month and mid-day, so advancing a day never starts a new month.
  const t = useTestApp(database, { clock: testClock(new Date('2031-03-15T10:00:00Z')) });

  /**
   * Moves the company onto a plan of its own: the given quotas enforced (unlimited when not given),
   * the add-on (extra) quota enabled only when given, bulk only counted.
   */
  async function usePlan(account: EngineAccount, quotas: Partial<Record<Feature, number>>): Promise<void> {
    const plan = `TEST-${randomBytes(4).toString('hex')}`;
    await t.db.query(`INSERT INTO plans (id, name, plan_group) VALUES ($1, 'Test', 'transactional')`, [plan]);
    for (const [feature, row] of Object.entries(quotaRows)) {
      const quota = quotas[feature as Feature];
      const enabled = feature === 'extra' ? quota !== undefined : true;
      await t.db.query(
        `INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          plan,
          feature,
          row.limitName,
          row.label,
          quota ?? (feature === 'extra' ? 0 : -1),
          row.period,
          enabled,
        ],
      );
    }
    await t.db.query(
      `INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled)
       VALUES ($1, 'bulk', 'bulkSentLimit', 'Bulk emails per month', 0, 'monthly', false)`,
      [plan],
    );
    await t.db.query('UPDATE subscriptions SET plan_id = $2 WHERE company_id = $1', [
      account.companyId,
      plan,
    ]);
    await t.engine.usage.planChanged(t.db, account.companyId);
  }

  /** A verified authorized recipient of the company's sandbox. */
  async function authorized(account: EngineAccount): Promise<string> {
    const email = uniqueEmail('authorized');
    await t.db.query(
      `INSERT INTO authorized_recipients (company_id, email, verified_at, created_at) VALUES ($1, $2, $3, $3)`,
      [account.companyId, email, t.clock.now()],
    );
    return email;
  }

  const send = (account: EngineAccount, recipients: string[], options: Record<string, unknown> = {}) =>
    transmit(t, account, {
      options,
      recipients: recipients.map((address) => ({ address })),
      content: { from: 'billing@acme.test', subject: 'Invoice', text: 'Your invoice' },
    });
  const addresses = (count: number) => Array.from({ length: count }, () => uniqueEmail('rcpt'));
  const usage = (account: EngineAccount) => t.getData('/v1/usage', account.token);
  const used = async (account: EngineAccount) => {
    const data = await usage(account);
    return Object.fromEntries(
      Object.entries(data).map(([feature, item]) => [feature, (item as { usage: number }).usage]),
    );
  };
  const written = (account: EngineAccount) =>
    t.db.one<{ messages: number; events: number; transmissions: number }>(
      `SELECT (SELECT count(*)::int FROM messages WHERE company_id = $1) AS messages,
              (SELECT count(*)::int FROM message_events WHERE company_id = $1) AS events,
              (SELECT count(*)::int FROM transmissions WHERE company_id = $1) AS transmissions`,
      [account.companyId],
    );

  describe('on the FREE plan', () => {
    let account: EngineAccount;
    beforeAll(async () => {
      account = await engineAccount(t.app, t.db, 'quota-free');
    });

    it('counts each generated message against the monthly and daily quotas', async () => {
      expect(await used(account)).toMatchObject({ email: 0, daily: 0, bulk: 0, sandbox: 0 });
      const suppressed = uniqueEmail('suppressed');
      await engineCall(t.app, account, 'PUT', `/suppression-list/${suppressed}`, {
        type: 'non_transactional',
      });

      // Three recipients, one suppressed: two messages are generated and charged.
      expect((await send(account, [...addresses(2), suppressed])).statusCode).toBe(200);
      expect(await used(account)).toMatchObject({ email: 2, daily: 2, bulk: 2, sandbox: 0 });
      expect((await send(account, addresses(1))).statusCode).toBe(200);
      // A single-recipient send is not bulk.
      expect(await used(account)).toMatchObject({ email: 3, daily: 3, bulk: 2, sandbox: 0 });

      const data = await usage(account);
      expect(data.email).toMatchObject({
        plan: 'FREE',
        quota: 3000,
        usage: 3,
        lastUpdated: t.clock.now().toISOString(),
      });
      expect(await t.getData('/app/usages/quota', account.token)).toMatchObject({
        quota: 3000,
        usage: 3,
        remaining: 2997,
      });
    });

    it('counts sandbox sends under the sandbox quota only', async () => {
      const sandbox = await engineAccount(t.app, t.db, 'quota-sandbox', 'sandbox');
      const verified = await authorized(sandbox);
      const response = await send(sandbox, [verified, uniqueEmail('stranger')]);
      expect(response.json().results).toMatchObject({ total_accepted_recipients: 1 });
      expect(await used(sandbox)).toMatchObject({ sandbox: 1, email: 0, daily: 0, bulk: 0 });
      expect((await usage(sandbox)).sandbox).toMatchObject({ quota: 100, type: 'daily' });

      // A production company asking for the sandbox is charged the same way.
      const before = await used(account);
      const verifiedHere = await authorized(account);
      expect((await send(account, [verifiedHere], { sandbox: true })).statusCode).toBe(200);
      expect(await used(account)).toEqual({ ...before, sandbox: (before.sandbox ?? 0) + 1 });
    });
  });

  it('refuses the send that would exceed the monthly quota with 420 and writes nothing', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-monthly');
    await usePlan(account, { email: 3 });
    expect((await send(account, addresses(2))).statusCode).toBe(200);
    const before = { usage: await used(account), written: await written(account) };
    expect(before.written).toMatchObject({ messages: 2, transmissions: 1 });

    const refused = await send(account, addresses(2));
    expect(refused.statusCode).toBe(420);
    expect(refused.json()).toEqual(monthly);
    expect(await written(account)).toEqual(before.written);
    expect(await used(account)).toEqual(before.usage);

    // What is left can still be used, to the last unit.
    expect((await send(account, addresses(1))).statusCode).toBe(200);
    expect((await send(account, addresses(1))).json()).toEqual(monthly);
    expect(await used(account)).toMatchObject({ email: 3, daily: 3 });
    expect(await t.getData('/app/usages/quota', account.token)).toMatchObject({
      quota: 3,
      usage: 3,
      remaining: 0,
    });
  });

  it('gives back the quota of a recipient whose message could not be composed', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-refund');
    await usePlan(account, { email: 10 });
    const sent = await transmit(t, account, {
      recipients: [
        { address: uniqueEmail('ok'), substitution_data: { n: 1 } },
        { address: uniqueEmail('bad'), substitution_data: { n: 'three' } },
        { address: uniqueEmail('ok'), substitution_data: { n: 2 } },
      ],
      content: { from: 'billing@acme.test', subject: 'Invoice', text: 'Total {{n + 1}}' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await written(account)).toMatchObject({ messages: 3, events: 3 });
    // Charged for three at acceptance, two once composed: the third never existed.
    expect(await used(account)).toMatchObject({ email: 2, daily: 2 });
  });

  it('refuses a large send over the quota with 420 and writes nothing, though it commits on its own', async () => {
    // Over 1,000 recipients a send commits alone, its quota charged after its rows: a refusal rolls them back.
    const account = await engineAccount(t.app, t.db, 'quota-large');
    await usePlan(account, { email: 1_500 });
    expect((await send(account, addresses(1_001))).statusCode).toBe(200);
    const before = { usage: await used(account), written: await written(account) };
    expect(before.written).toMatchObject({ messages: 1_001, transmissions: 1 });
    expect(before.usage).toMatchObject({ email: 1_001 });

    const refused = await send(account, addresses(1_001));
    expect(refused.statusCode).toBe(420);
    expect(refused.json()).toEqual(monthly);
    expect(await written(account)).toEqual(before.written);
    expect(await used(account)).toEqual(before.usage);
  }, 60_000);

  it('refuses a scheduled transmission the quota cannot take now; one that fits is charged when generated', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-scheduled');
    await usePlan(account, { email: 2 });
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const tooMany = await send(account, addresses(3), { start_time: later });
    expect(tooMany.statusCode).toBe(420);
    expect(tooMany.json()).toEqual(monthly);
    expect(await written(account)).toMatchObject({ transmissions: 0 });

    const fits = await send(account, addresses(2), { start_time: later });
    expect(fits.statusCode).toBe(200);
    expect(await used(account)).toMatchObject({ email: 0 });
    t.clock.advance(3_600_000);
    expect(await t.engine.transmissions.runDue()).toBe(1);
    expect(await used(account)).toMatchObject({ email: 2 });
    expect(await written(account)).toMatchObject({ messages: 2, transmissions: 1 });
  });

  it('refuses over the daily quota with 2102 until the next day', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-daily');
    await usePlan(account, { daily: 2 });
    expect((await send(account, addresses(2))).statusCode).toBe(200);
    const refused = await send(account, addresses(1));
    expect(refused.statusCode).toBe(420);
    expect(refused.json()).toEqual(overQuota('Exceed Sending Limit (daily)', '2102', 'dailySentLimit'));
    // Nothing was charged for the refused send, not even the monthly quota.
    expect(await used(account)).toMatchObject({ email: 2, daily: 2 });

    t.clock.advance(24 * 60 * 60 * 1000);
    expect((await send(account, addresses(1))).statusCode).toBe(200);
    expect(await used(account)).toMatchObject({ email: 3, daily: 1 });
  });

  it('refuses over the sandbox quota with 2103', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-sbx-limit', 'sandbox');
    await usePlan(account, { sandbox: 2 });
    const [first, second, third] = [
      await authorized(account),
      await authorized(account),
      await authorized(account),
    ];
    expect((await send(account, [first ?? '', second ?? ''])).statusCode).toBe(200);
    const refused = await send(account, [third ?? '']);
    expect(refused.statusCode).toBe(420);
    expect(refused.json()).toEqual(overQuota('Exceed Sending Limit (sandbox)', '2103', 'sandboxSentLimit'));
    expect(await written(account)).toMatchObject({ messages: 2 });
    expect((await t.getData('/v1/sandbox/messages', account.token)).total).toBe(2);
  });

  it('never overshoots: 20 parallel sends against a quota of 10 accept exactly 10', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-race');
    await usePlan(account, { email: 10 });
    const responses = await Promise.all(addresses(20).map((address) => send(account, [address])));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 420)).toHaveLength(10);
    for (const response of responses.filter((candidate) => candidate.statusCode === 420)) {
      expect(response.json()).toEqual(monthly);
    }
    expect(await used(account)).toMatchObject({ email: 10, daily: 10 });
    expect(await written(account)).toMatchObject({ messages: 10, events: 10, transmissions: 10 });
  });

  it('lets the add-on (extra) quota take over when the monthly quota is used up', async () => {
    const account = await engineAccount(t.app, t.db, 'quota-extra');
    await usePlan(account, { email: 2, extra: 3 });
    expect((await send(account, addresses(2))).statusCode).toBe(200);
    expect(await t.getData('/app/usages/quota', account.token)).toMatchObject({
      quota: 2,
      usage: 2,
      remaining: 3,
    });

    expect((await send(account, addresses(2))).statusCode).toBe(200);
    expect(await used(account)).toMatchObject({ email: 2, extra: 2, daily: 4 });
    expect((await usage(account)).extra).toMatchObject({ quota: 3, usage: 2, enable: true, type: 'none' });
    expect(await t.getData('/app/usages/quota', account.token)).toMatchObject({ usage: 2, remaining: 1 });

    const refused = await send(account, addresses(2));
    expect(refused.statusCode).toBe(420);
    expect(refused.json()).toEqual(monthly);
    expect(await used(account)).toMatchObject({ email: 2, extra: 2, daily: 4 });

    expect((await send(account, addresses(1))).statusCode).toBe(200);
    expect(await t.getData('/app/usages/quota', account.token)).toMatchObject({ remaining: 0 });
    expect((await send(account, addresses(1))).statusCode).toBe(420);

    // A disabled add-on quota is not used: the plan without it refuses at once.
    const plain = await engineAccount(t.app, t.db, 'quota-no-extra');
    await usePlan(plain, { email: 1 });
    expect((await send(plain, addresses(1))).statusCode).toBe(200);
    expect((await send(plain, addresses(1))).statusCode).toBe(420);
    expect(await used(plain)).toMatchObject({ email: 1, extra: 0 });
  });
});
