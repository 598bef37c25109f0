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

  const nextStep = () => t.clock.advance(30_000);
  const stageTokenOf = async (account: TestAccount) =>
    (await signin(t.app, account.email, account.password, true)).json().data.accessToken as string;

  /** An account with 2FA on; returns its TOTP secret (the enrolment code's step is over). */
  async function enrol(account: TestAccount): Promise<string> {
    return (await enrolWithRecoveryCodes(account)).secret;
  }

  async function enrolWithRecoveryCodes(account: TestAccount) {
    const setup = await post('/v1/users/2fa/setup', account.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrDataUrl } = setup.json().data;
    expect(otpauthUrl).toContain('issuer=Mail%20Platform');
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect((await post('/v1/users/2fa/enable', account.token, { code: '000000' })).json().code).toBe(
      'secondFactorInvalid',
    );
    const enabled = await post('/v1/users/2fa/enable', account.token, { code: codeFor(secret) });
    expect(enabled.json()).toEqual({ data: { enabled: true, recoveryCodes: expect.any(Array) } });
    await post('/v1/logout', account.token);
    nextStep();
    return { secret, recoveryCodes: enabled.json().data.recoveryCodes as string[] };
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
    nextStep();

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

  it('counts wrong codes per user, not per sign-in', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    // 20 wrong codes over 4 password sign-ins: only the first 5 are even checked.
    const answers: number[] = [];
    for (let session = 0; session < 4; session += 1) {
      const stageToken = await stageTokenOf(account);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        answers.push((await post('/v1/users/validate-2fa', stageToken, { code: '000000' })).statusCode);
      }
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((status) => status === 429 || status === 401)).toBe(true);
    const right = await post('/v1/users/validate-2fa', await stageTokenOf(account), {
      code: codeFor(secret),
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      code: 'tooManyAttempts',
      message: 'Too many wrong codes. Try again in 15 minutes.',
    });

    t.clock.advance(15 * 60 * 1000);
    const later = await post('/v1/users/validate-2fa', await stageTokenOf(account), {
      code: codeFor(secret),
    });
    expect(later.statusCode).toBe(200);
  });

  it('lets no more than 5 of a burst of parallel codes be checked', async () => {
    const account = await signUp(t.app, t.db);
    await enrol(account);
    const stageToken = await stageTokenOf(account);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        post('/v1/users/validate-2fa', stageToken, { code: String(100000 + n) }),
      ),
    );
    const codes = burst.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'secondFactorInvalid')).toHaveLength(5);
    expect(
      codes.filter(
        (code) => code === 'secondFactorInvalid' || code === 'tooManyAttempts' || code === 'sessionExpired',
      ),
    ).toHaveLength(20);
  });

  it('accepts a code once: not again on a second session', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    const code = codeFor(secret);
    expect((await post('/v1/users/validate-2fa', await stageTokenOf(account), { code })).statusCode).toBe(
      200,
    );
    const replayed = await post('/v1/users/validate-2fa', await stageTokenOf(account), { code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toEqual({
      code: 'secondFactorInvalid',
      message: 'This code was already used. Wait for the next code from your app.',
    });
    nextStep();
    const next = await post('/v1/users/validate-2fa', await stageTokenOf(account), { code: codeFor(secret) });
    expect(next.statusCode).toBe(200);
  });

  it('gives 10 recovery codes at enrolment, stored hashed, each usable once', async () => {
    const account = await signUp(t.app, t.db);
    const { recoveryCodes } = await enrolWithRecoveryCodes(account);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.db.query<{ hash: string }>(
      'SELECT r.hash FROM recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
      [account.email],
    );
    expect(stored).toHaveLength(10);
    for (const { hash } of stored) expect(recoveryCodes.join(' ')).not.toContain(hash.slice(0, 10));

    const [first = ''] = recoveryCodes;
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const used = await post('/v1/users/validate-2fa/recovery-code', await stageTokenOf(account), {
      recoveryCode: typed,
    });
    expect(used.statusCode).toBe(200);
    expect((await get('/v1/me', used.json().data.accessToken)).statusCode).toBe(200);

    const again = await post('/v1/users/validate-2fa/recovery-code', await stageTokenOf(account), {
      recoveryCode: first,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'secondFactorInvalid',
      message: 'This recovery code is not valid or was already used',
    });
    const malformed = await post('/v1/users/validate-2fa/recovery-code', await stageTokenOf(account), {
      recoveryCode: 'nope',
    });
    expect(malformed.json()).toMatchObject({ code: 'validation', payload: { field: 'recoveryCode' } });
  });

  it('refuses enable before setup', async () => {
    const account = await signUp(t.app, t.db);
    const response = await post('/v1/users/2fa/enable', account.token, { code: '123456' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('state');
  });
});
