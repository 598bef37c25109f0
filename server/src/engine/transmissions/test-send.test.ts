import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';

describe.each(databases)('console test send on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'test-send', 'sandbox');
    await t.db.query(
      `INSERT INTO authorized_recipients (company_id, email, verified_at, created_at) VALUES ($1, 'me@example.test', now(), now())`,
      [a.companyId],
    );
  });

  const sendTest = (email: string) => t.post('/v1/transmissions/test', a.token, { email });

  it('sends a sample to a verified authorized recipient; it lands in the sandbox inbox', async () => {
    const response = await sendTest('me@example.test');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      transmissionId: expect.stringMatching(/^\d+$/),
      environment: 'sandbox',
      recipient: 'me@example.test',
    });
    const inbox = await t.getData('/v1/sandbox/messages', a.token);
    expect(inbox.items[0]).toMatchObject({ to: 'me@example.test', subject: 'Test message' });
    const tour = await t.getData('/v1/on-boarding/product-tour', a.token);
    expect(tour).toMatchObject({ sandboxEmailSent: true, sandboxTryProduction: true });
  });

  it('refuses an address that is not an authorized recipient, saying why', async () => {
    const response = await sendTest('stranger@example.test');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'notAllowed', payload: { field: 'email' } });
    expect(response.json().message).toContain('stranger@example.test');
  });

  it("over quota, answers with the spec's sentence", async () => {
    await t.db.query(
      `INSERT INTO plans (id, name, plan_group) VALUES ('TINY-TEST', 'Tiny', 'transactional') ON CONFLICT DO NOTHING`,
    );
    await t.db.query(
      `INSERT INTO plan_quotas (plan_id, feature, limit_name, label, quota, period, enabled)
       VALUES ('TINY-TEST', 'sandbox', 'sandboxSentLimit', 'Sandbox emails per day', 0, 'daily', true)
       ON CONFLICT DO NOTHING`,
    );
    await t.db.query(`UPDATE subscriptions SET plan_id = 'TINY-TEST' WHERE company_id = $1`, [a.companyId]);
    await t.engine.usage.planChanged(t.db, a.companyId);
    const response = await sendTest('me@example.test');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'quotaExceeded',
      message: 'Quota of sandboxSentLimit on transactional email is exceeded',
      payload: { feature: 'transactional email', subfeature: 'sandboxSentLimit' },
    });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/transmissions/test',
      payload: { email: 'x@example.test' },
    });
    expect(response.statusCode).toBe(401);
  });
});
