import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { signin, signUp, type TestAccount } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('two-factor authentication on $name', (database) => {
  const t = useTestApp(database);
  const { get, post } = t;
  const codeFor = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: t.clock.now().getTime(),
    });

  /** An account with 2FA on; returns its TOTP secret. */
  async function enrol(account: TestAccount): Promise<string> {
    const setup = await post('/v1/users/2fa/setup', account.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json().data;
    expect(otpauthUrl).toContain('issuer=Mail%20Platform');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect((await post('/v1/users/2fa/enable', account.token, { code: '000000' })).json().code).toBe(
      'secondFactorInvalid',
    );
    const enabled = await post('/v1/users/2fa/enable', account.token, { code: codeFor(secret) });
    expect(enabled.json()).toEqual({ data: { enabled: true } });
    await post('/v1/logout', account.token);
    return secret;
  }

  it('signs in at the second-factor stage until validate-2fa gives a full token', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    expect((await get('/v1/me', account.token)).json().code).toBe('loggedOut');

    const first = await signin(t.app, account.email, account.password);
    expect(first.json().data.twoFactor).toBe(true);
    const stageToken = first.json().data.accessToken;

    expect((await get('/v1/checkToken-2FA', stageToken)).json()).toEqual({ data: true });
    const refused = await get('/v1/me', stageToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('secondFactorRequired');

    const wrong = await post('/v1/users/validate-2fa', stageToken, { code: '123456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('secondFactorInvalid');

    const upgraded = await post('/v1/users/validate-2fa', stageToken, { code: codeFor(secret) });
    expect(upgraded.statusCode).toBe(200);
    const fullToken = upgraded.json().data.accessToken;
    expect((await get('/v1/checkToken-2FA', fullToken)).json()).toEqual({ data: false });
    expect((await get('/v1/me', fullToken)).json().data.twoFactorEnabled).toBe(true);
    // The stage token does not become a full one.
    expect((await get('/v1/checkToken-2FA', stageToken)).json().code).toBe('tokenException');
  });

  it('ends the session after 5 wrong codes', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    const stageToken = (await signin(t.app, account.email, account.password)).json().data.accessToken;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await post('/v1/users/validate-2fa', stageToken, { code: '000000' });
    }
    const after = await post('/v1/users/validate-2fa', stageToken, { code: codeFor(secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('sessionExpired');
  });

  it('turns 2FA off with the password and a current code', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    const stageToken = (await signin(t.app, account.email, account.password)).json().data.accessToken;
    const token = (await post('/v1/users/validate-2fa', stageToken, { code: codeFor(secret) })).json().data
      .accessToken;

    expect((await post('/v1/users/2fa/setup', token)).json().code).toBe('state');
    const wrongPassword = await post('/v1/users/2fa/disable', token, {
      password: 'Nope12345',
      code: codeFor(secret),
    });
    expect(wrongPassword.json()).toMatchObject({ code: 'validation', payload: { field: 'password' } });
    const disabled = await post('/v1/users/2fa/disable', token, {
      password: account.password,
      code: codeFor(secret),
    });
    expect(disabled.json()).toEqual({ data: { enabled: false } });

    await post('/v1/logout', token);
    expect((await signin(t.app, account.email, account.password)).json().data.twoFactor).toBe(false);
  });

  it('refuses enable before setup', async () => {
    const account = await signUp(t.app, t.db);
    const response = await post('/v1/users/2fa/enable', account.token, { code: '123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('state');
  });
});
