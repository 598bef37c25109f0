import { describe, expect, it } from 'vitest';
import { auth, lastMailTo, linkIn, signin, signUp, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('password recovery on $name', (database) => {
  const t = useTestApp(database);

  const forget = (email: string) =>
    t.app.inject({ method: 'POST', url: '/v1/forget-password', payload: { email } });
  const reset = (token: string, newPassword = 'Brandnew123') =>
    t.app.inject({ method: 'POST', url: '/v1/reset-password', payload: { token, newPassword } });
  const resetToken = async (email: string) => {
    const link = linkIn((await lastMailTo(t.db, email)).text);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/reset-password`);
    return link.searchParams.get('token') ?? '';
  };
  const invalid = { code: 'invalidResetToken', message: 'Reset link is invalid or has expired' };

  it('resets once with the mailed link and ends every session', async () => {
    const account = await signUp(t.app, t.db);
    expect((await forget(account.email)).json()).toEqual({ data: true });
    const token = await resetToken(account.email);

    expect((await reset(token)).json()).toEqual({ data: true });
    const reused = await reset(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(invalid);

    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/me', headers: auth(account.token) })).json().code,
    ).toBe('sessionExpired');
    expect((await signin(t.app, account.email, account.password)).statusCode).toBe(400);
    expect((await signin(t.app, account.email, 'Brandnew123')).statusCode).toBe(200);
  });

  it('ends every outstanding link when one is used', async () => {
    const account = await signUp(t.app, t.db);
    await forget(account.email);
    const first = await resetToken(account.email);
    await forget(account.email);
    const second = await resetToken(account.email);
    expect((await reset(second)).json()).toEqual({ data: true });
    expect((await reset(first, 'Takeover123')).json()).toEqual(invalid);
  });

  it('ends outstanding links when the password is changed', async () => {
    const account = await signUp(t.app, t.db);
    await forget(account.email);
    const token = await resetToken(account.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/v1/users/change-password',
      headers: auth(account.token),
      payload: { oldPassword: account.password, newPassword: 'Changed123' },
    });
    expect(changed.json()).toEqual({ data: true });
    expect((await reset(token, 'Takeover123')).json()).toEqual(invalid);
    expect((await signin(t.app, account.email, 'Changed123', true)).statusCode).toBe(200);
  });

  it('lifts the sign-in slowdown of wrong guesses', async () => {
    const account = await signUp(t.app, t.db);
    for (let attempt = 0; attempt < 5; attempt += 1) await signin(t.app, account.email, 'Wrong12345');
    expect((await signin(t.app, account.email, account.password, true)).statusCode).toBe(429);
    await forget(account.email);
    expect((await reset(await resetToken(account.email))).json()).toEqual({ data: true });
    expect((await signin(t.app, account.email, 'Brandnew123', true)).statusCode).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const account = await signUp(t.app, t.db);
    await forget(account.email);
    const token = await resetToken(account.email);
    t.clock.advance(61 * 60 * 1000);
    expect((await reset(token)).json()).toEqual(invalid);
  });

  it('refuses an unknown token with the invalid reset link message', async () => {
    const response = await reset('made-up-token');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalid);
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const email = uniqueEmail();
    expect((await forget(email)).json()).toEqual({ data: true });
    const mails = await t.db.query('SELECT 1 FROM captured_mail WHERE "to" = $1', [email]);
    expect(mails).toHaveLength(0);
  });

  it('applies the password rules to the new password', async () => {
    const response = await reset('whatever', 'short');
    expect(response.json()).toMatchObject({ code: 'validation', payload: { field: 'newPassword' } });
  });
});
