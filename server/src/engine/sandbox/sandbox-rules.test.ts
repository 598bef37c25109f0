import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, signUp, type TestAccount, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { createSandboxRules, markSandboxSent } from './sandbox-rules.ts';

describe.each(databases)('sandbox rules for the sending code on $name', (database) => {
  const t = useTestApp(database);
  const rules = () => createSandboxRules(t.db, t.clock);
  const companyOf = async (account: TestAccount): Promise<string> =>
    (await t.getData('/v1/company/detail', account.token)).id;

  it('verifiedRecipients answers the verified addresses of that company only, lower-cased', async () => {
    const a = await signUp(t.app, t.db, 'alice', 'Company A');
    const b = await signUp(t.app, t.db, 'bob', 'Company B');
    const verified = uniqueEmail('Verified');
    const pending = uniqueEmail('pending');
    await t.post('/v1/authorized-recipient', a.token, { emails: [verified, pending] });
    const id = linkIn((await lastMailTo(t.db, verified.toLowerCase())).text)
      .pathname.split('/')
      .pop();
    await t.app.inject({ method: 'GET', url: `/v1/authorized-recipient/verify/${id}` });

    const asked = [verified.toUpperCase(), pending, uniqueEmail('stranger')];
    expect(await rules().verifiedRecipients(await companyOf(a), asked)).toEqual(
      new Set([verified.toLowerCase()]),
    );
    expect(await rules().verifiedRecipients(await companyOf(b), asked)).toEqual(new Set());
    expect(await rules().verifiedRecipients(await companyOf(a), [])).toEqual(new Set());
  });

  it('environmentOf caches briefly, and a switch through the console is seen at once', async () => {
    const account = await signUp(t.app, t.db);
    const companyId = await companyOf(account);
    const sending = rules();
    expect(await sending.environmentOf(companyId)).toBe('sandbox');

    // Changed behind the app's back (another process): seen once the cache expires.
    await t.db.query(`UPDATE companies SET environment = 'production' WHERE id = $1`, [companyId]);
    expect(await sending.environmentOf(companyId)).toBe('sandbox');
    t.clock.advance(3001);
    expect(await sending.environmentOf(companyId)).toBe('production');

    const switched = await t.post('/v1/user/set-sandbox', account.token, { sandbox: true });
    expect(switched.statusCode).toBe(200);
    expect(await sending.environmentOf(companyId)).toBe('sandbox');
  });

  it('markSandboxSent sets sandboxEmailSent and sandboxTryProduction once per process', async () => {
    const account = await signUp(t.app, t.db);
    const companyId = await companyOf(account);
    await rules().markSandboxSent(companyId);
    const tour = await t.getData('/v1/on-boarding/product-tour', account.token);
    expect(tour).toMatchObject({
      sandboxEmailSent: true,
      sandboxTryProduction: true,
      productionWelcome: false,
    });

    // Remembered: a later reset of the flags is not undone by the next sends of this process.
    await t.call('PUT', '/v1/on-boarding/product-tour', account.token, { sandboxEmailSent: false });
    await markSandboxSent(t.db, companyId);
    await rules().markSandboxSent(companyId);
    expect((await t.getData('/v1/on-boarding/product-tour', account.token)).sandboxEmailSent).toBe(false);
  });
});
