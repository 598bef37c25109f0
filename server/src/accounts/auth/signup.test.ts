import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, register, uniqueEmail, validationToken } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('sign-up on $name', (database) => {
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const t = useTestApp(database, { logger: pino({ level: 'info' }, stream) });

  it('registers, mails and logs a confirmation link, then validates once', async () => {
    const email = uniqueEmail();
    const response = await register(t.app, email.toUpperCase());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ data: { email } });

    const mail = await lastMailTo(t.db, email);
    expect(mail.subject).toMatch(/Confirm/);
    const link = linkIn(mail.text);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/validate`);
    expect(link.searchParams.get('email')).toBe(email);
    expect(mail.html).toContain('Confirm email address');
    expect(
      logLines.some((line) =>
        line.includes(`confirmation link for ${email}: ${t.config.publicUrl}/validate?`),
      ),
    ).toBe(true);

    const token = link.searchParams.get('token');
    const validated = await t.app.inject({ method: 'POST', url: '/v1/validate', payload: { token, email } });
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toEqual({ data: { email, validated: true } });

    const again = await t.app.inject({ method: 'POST', url: '/v1/validate', payload: { token } });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'linkUsed', message: 'Link already used' });
  });

  it('answers 409 emailRegistered for an address in use, whatever its case', async () => {
    const email = uniqueEmail();
    await register(t.app, email);
    const response = await register(t.app, email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'emailRegistered', message: 'Email already registered' });
  });

  it('creates the company in the sandbox on the FREE plan with its owner as ADMIN', async () => {
    const email = uniqueEmail();
    await register(t.app, email, 'Password123', 'Globex');
    const row = await t.db.one<Record<string, unknown>>(
      `SELECT c.name, c.phone, c.environment, c.production_status, s.plan_id, u.role, u.validated
       FROM users u JOIN companies c ON c.id = u.company_id JOIN subscriptions s ON s.company_id = c.id
       WHERE u.email = $1`,
      [email],
    );
    expect(row).toEqual({
      name: 'Globex',
      phone: '+62 812 3456',
      environment: 'sandbox',
      production_status: 'None',
      plan_id: 'FREE',
      role: 'ADMIN',
      validated: false,
    });
  });

  it('rejects weak passwords and bad input with the validation shape', async () => {
    const weak = await register(t.app, uniqueEmail(), 'lettersonly');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      code: 'validation',
      message: 'The password is Invalid',
      payload: { field: 'password', value: 'lettersonly', cause: 'Password must contain a digit' },
    });

    const short = await register(t.app, uniqueEmail(), 'a1');
    expect(short.json().payload.cause).toBe('Password must be at least 8 characters');

    const missing = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { email: 'x@y.test' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation', payload: { field: 'password' } });

    const notJson = await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe('validation');
  });

  it('refuses bad, tampered and expired confirmation tokens with a token validation error', async () => {
    const expected = { code: 'validation', message: 'The token is Invalid', payload: { field: 'token' } };
    const garbage = await t.app.inject({ method: 'POST', url: '/v1/validate', payload: { token: 'nope' } });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toMatchObject(expected);

    const email = uniqueEmail();
    await register(t.app, email);
    const token = await validationToken(t.db, email);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/v1/validate',
      payload: { token: `${token}x` },
    });
    expect(tampered.json()).toMatchObject(expected);

    const otherEmail = await t.app.inject({
      method: 'POST',
      url: '/v1/validate',
      payload: { token, email: 'other@x.test' },
    });
    expect(otherEmail.json()).toMatchObject(expected);

    t.clock.advance(49 * 60 * 60 * 1000);
    const expired = await t.app.inject({ method: 'POST', url: '/v1/validate', payload: { token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject(expected);
  });

  it('revalidate answers the same for every address and mails only unconfirmed accounts', async () => {
    const email = uniqueEmail();
    await register(t.app, email);
    const before = await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM captured_mail WHERE "to" = $1',
      [email],
    );
    const known = await t.app.inject({ method: 'POST', url: '/v1/revalidate', payload: { email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/revalidate',
      payload: { email: uniqueEmail() },
    });
    expect(known.json()).toEqual({ data: true });
    expect(unknown.json()).toEqual({ data: true });
    const after = await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM captured_mail WHERE "to" = $1',
      [email],
    );
    expect(after.n).toBe(before.n + 1);
  });
});
