import { describe, expect, it } from 'vitest';
import { signUp } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

const profile = {
  name: 'Acme Indonesia',
  phone: '+62 21 555 0101',
  industry: 'Software Company',
  website: 'acme.example.com',
  country: 'Indonesia',
};

describe.each(databases)('environment and on-boarding on $name', (database) => {
  const t = useTestApp(database);

  it('refuses production until the profile is complete and the welcome finished, then switches', async () => {
    const { token } = await signUp(t.app, t.db);
    const toProduction = () =>
      t.post('/v1/on-boarding/switch-environment', token, { environment: 'production' });

    const refused = await toProduction();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'state',
      message: 'Complete the company profile before switching to production',
      payload: { field: 'environment', value: 'production' },
    });
    expect(refused.json().payload.cause).toContain('productionWelcome');

    const completed = await t.post('/v1/on-boarding/complete-profile', token, profile);
    expect(completed.statusCode).toBe(200);
    expect(completed.json().data).toMatchObject({
      environment: 'sandbox',
      productionReady: false,
      company: { ...profile, website: 'https://acme.example.com' },
      tour: { productionDataCompletion: true, productionWelcome: false },
    });

    const stillRefused = await t.post('/v1/user/set-sandbox', token, { sandbox: false });
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json().message).toBe('Finish the production welcome before switching to production');

    const finished = await t.post('/v1/on-boarding/finish-onboarding', token);
    expect(finished.json().data).toMatchObject({ productionReady: true, tour: { productionWelcome: true } });

    const switched = await toProduction();
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data).toMatchObject({ environment: 'production', sandbox: false });
    expect(await t.getData('/v1/company/detail', token)).toMatchObject({
      environment: 'production',
      sandbox: false,
      name: 'Acme Indonesia',
      industry: 'Software Company',
    });

    const back = await t.post('/v1/user/set-sandbox', token, { sandbox: true });
    expect(back.json().data).toMatchObject({ environment: 'sandbox', sandbox: true });
    const again = await t.post('/v1/user/set-sandbox', token, { sandbox: false });
    expect(again.json().data.environment).toBe('production');
  });

  it('always allows switching to the sandbox', async () => {
    const { token } = await signUp(t.app, t.db);
    const response = await t.post('/v1/on-boarding/switch-environment', token, { environment: 'sandbox' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.environment).toBe('sandbox');
  });

  it('validates the profile and the switch bodies', async () => {
    const { token } = await signUp(t.app, t.db);
    const complete = (body: object) =>
      t.post('/v1/on-boarding/complete-profile', token, { ...profile, ...body });

    const cases: [object, string][] = [
      [{ name: '  ' }, 'name'],
      [{ phone: 'call me' }, 'phone'],
      [{ industry: 'Piracy' }, 'industry'],
      [{ website: 'javascript:alert(1)' }, 'website'],
      [{ website: 'not a site' }, 'website'],
      [{ country: '' }, 'country'],
      [{ timezone: 'Jakarta' }, 'timezone'],
    ];
    for (const [body, field] of cases) {
      const response = await complete(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation', payload: { field } });
    }
    expect((await t.getData('/v1/on-boarding/product-tour', token)).productionDataCompletion).toBe(false);

    const bad = await t.post('/v1/on-boarding/switch-environment', token, { environment: 'staging' });
    expect(bad.json()).toMatchObject({ code: 'validation', payload: { field: 'environment' } });
    const badSandbox = await t.post('/v1/user/set-sandbox', token, { sandbox: 'no' });
    expect(badSandbox.json()).toMatchObject({ code: 'validation', payload: { field: 'sandbox' } });

    const ok = await complete({ website: '', timezone: '(UTC+09:00) Tokyo' });
    expect(ok.json().data.company).toMatchObject({ website: '', timezone: '(UTC+09:00) Tokyo' });
  });

  it('records a production request with its details without switching, and tells the operator', async () => {
    const { token } = await signUp(t.app, t.db, 'owner', 'Request Co');
    const details = {
      reason: 'Our customers need their receipts from our shop.',
      monthlyVolume: '10,000 to 100,000 emails',
      useCase: 'Transactional notifications',
    };
    const requested = await t.post('/v1/on-boarding/request-production', token, details);
    expect(requested.statusCode).toBe(200);
    expect(requested.json().data).toMatchObject({ productionStatus: 'Requested', environment: 'sandbox' });
    const twice = await t.post('/v1/on-boarding/request-production', token, details);
    expect(twice.json().data.productionStatus).toBe('Requested');
    expect((await t.getData('/v1/company/detail', token)).productionStatus).toBe('Requested');

    const stored = await t.db.query<{ reason: string; use_case: string; name: string }>(
      `SELECT r.reason, r.use_case, c.name FROM production_requests r JOIN companies c ON c.id = r.company_id
       WHERE c.name = 'Request Co'`,
    );
    expect(stored).toHaveLength(2);
    // Each request mails the operator: a third an hour is the last one taken.
    expect((await t.post('/v1/on-boarding/request-production', token, details)).statusCode).toBe(200);
    const fourth = await t.post('/v1/on-boarding/request-production', token, details);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ code: 'tooManyAttempts' });
    expect(stored[0]).toMatchObject({ reason: details.reason, use_case: details.useCase });
    const mail = await t.db.one<{ subject: string; text: string }>(
      `SELECT subject, text FROM captured_mail WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1`,
      [t.config.supportEmail],
    );
    expect(mail.subject).toBe('Production requested: Request Co');
    expect(mail.text).toContain(details.reason);

    for (const body of [{}, { ...details, reason: 'short' }, { ...details, monthlyVolume: 'lots' }]) {
      const refused = await t.post('/v1/on-boarding/request-production', token, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('validation');
    }
  });

  it('needs a login', async () => {
    // Bodies are validated before the guard runs, so each gets a valid one.
    const payload = {
      ...profile,
      sandbox: true,
      environment: 'sandbox',
      reason: 'We need to send receipts.',
      monthlyVolume: 'Under 10,000 emails',
      useCase: 'Newsletters',
    };
    for (const url of [
      '/v1/user/set-sandbox',
      '/v1/on-boarding/switch-environment',
      '/v1/on-boarding/complete-profile',
      '/v1/on-boarding/finish-onboarding',
      '/v1/on-boarding/request-production',
    ]) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
