import { describe, expect, it } from 'vitest';
import { lastMailTo, linkIn, signin, signUp, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('users on $name', (database) => {
  const t = useTestApp(database);
  const { call } = t;

  it('GET /me returns the full user with the defaults of a new account', async () => {
    const account = await signUp(t.app, t.db);
    const response = await call('GET', '/v1/me', account.token);
    expect(response.json().data).toEqual({
      userId: expect.any(String),
      fullname: '',
      firstname: '',
      lastname: '',
      email: account.email,
      image: '',
      phone: '+62 812 3456',
      time: '24',
      language: 'en',
      tours: {},
      hints: { complete: false, data: {} },
      validate: true,
      toggleContact: false,
      policyVersion: '',
      lastProductUpdate: '',
      twoFactorEnabled: false,
      role: 'ADMIN',
      timezone: '',
    });
  });

  it('GET /users/detail includes the company environment', async () => {
    const account = await signUp(t.app, t.db);
    const { data } = (await call('GET', '/v1/users/detail', account.token)).json();
    expect(data).toMatchObject({ email: account.email, environment: 'sandbox', fullname: '', lastname: '' });
  });

  it('PUT /user updates the given fields only and validates them', async () => {
    const account = await signUp(t.app, t.db);
    const updated = await call('PUT', '/v1/user', account.token, {
      fullname: 'Ada Lovelace',
      time: '12',
      language: 'id',
    });
    expect(updated.json().data).toMatchObject({
      fullname: 'Ada Lovelace',
      time: '12',
      language: 'id',
      phone: '+62 812 3456',
    });
    const again = await call('PUT', '/v1/user', account.token, { lastname: 'Lovelace' });
    expect(again.json().data).toMatchObject({ fullname: 'Ada Lovelace', lastname: 'Lovelace', time: '12' });

    const bad = await call('PUT', '/v1/user', account.token, { time: '13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'validation',
      message: 'The time is Invalid',
      payload: { field: 'time', value: '13' },
    });
  });

  it('changes the password after checking the old one and ends the other sessions', async () => {
    const account = await signUp(t.app, t.db);
    const wrong = await call('POST', '/v1/users/change-password', account.token, {
      oldPassword: 'Wrong12345',
      newPassword: 'Another123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'validation',
      message: 'The oldPassword is Invalid',
      payload: { field: 'oldPassword', cause: 'Password incorrect' },
    });

    const second = (await signin(t.app, account.email, account.password, true)).json().data.accessToken;
    const changed = await call('POST', '/v1/users/change-password', second, {
      oldPassword: account.password,
      newPassword: 'Another123',
    });
    expect(changed.json()).toEqual({ data: true });
    expect((await call('GET', '/v1/me', second)).statusCode).toBe(200);
    expect((await call('GET', '/v1/me', account.token)).json().code).toBe('forceOut');
    await call('POST', '/v1/logout', second);
    expect((await signin(t.app, account.email, 'Another123')).statusCode).toBe(200);
  });

  it('refuses the current password as the new one, in words for people', async () => {
    const account = await signUp(t.app, t.db);
    const same = await call('POST', '/v1/users/change-password', account.token, {
      oldPassword: account.password,
      newPassword: account.password,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      code: 'validation',
      message: 'Choose a new password that is different from your current one',
      payload: { field: 'newPassword', cause: 'The new password is the same as the current one' },
    });
    expect((await signin(t.app, account.email, account.password, true)).statusCode).toBe(200);
  });

  it('answers 401 before it looks at the body of a signed-in route', async () => {
    for (const [method, url] of [
      ['POST', '/v1/users/change-password'],
      ['PUT', '/v1/user'],
      ['POST', '/v1/users/2fa/enable'],
      ['POST', '/v1/users/validate-2fa'],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        payload: { oldPassword: 7, time: '13', code: 'x' },
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().code).toBe('loggedOut');
    }
  });

  it('changes the email: password checked, address unique, new address to confirm', async () => {
    const account = await signUp(t.app, t.db);
    const other = await signUp(t.app, t.db);
    const newEmail = uniqueEmail('new');

    const wrongPassword = await call('POST', '/v1/users/change-email', account.token, {
      email: newEmail,
      password: 'Nope12345',
    });
    expect(wrongPassword.json()).toMatchObject({
      code: 'validation',
      payload: { field: 'password', cause: 'Password incorrect' },
    });

    const taken = await call('POST', '/v1/users/change-email', account.token, {
      email: other.email.toUpperCase(),
      password: account.password,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('emailRegistered');

    const changed = await call('POST', '/v1/users/change-email', account.token, {
      email: newEmail,
      password: account.password,
    });
    expect(changed.json()).toEqual({ data: { email: newEmail, validated: false } });
    expect((await call('GET', '/v1/me', account.token)).json().data).toMatchObject({
      email: newEmail,
      validate: false,
    });

    const mail = await lastMailTo(t.db, newEmail);
    expect(mail.subject).toMatch(/new .*email address/);
    const token = linkIn(mail.text).searchParams.get('token');
    const confirmed = await t.app.inject({ method: 'POST', url: '/v1/validate', payload: { token } });
    expect(confirmed.json()).toEqual({ data: { email: newEmail, validated: true } });
  });

  it('tracks the accepted policy version against the current 2.0.0', async () => {
    const account = await signUp(t.app, t.db);
    expect((await call('GET', '/v1/users/policy-version', account.token)).json()).toEqual({
      data: { policyVersion: '', current: '2.0.0', needsUpdate: true },
    });
    const old = await call('PUT', '/v1/users/policy-version', account.token, { policyVersion: '1.0.0' });
    expect(old.statusCode).toBe(400);
    const accepted = await call('PUT', '/v1/users/policy-version', account.token, { policyVersion: '2.0.0' });
    expect(accepted.json()).toEqual({
      data: { policyVersion: '2.0.0', current: '2.0.0', needsUpdate: false },
    });
  });
});
