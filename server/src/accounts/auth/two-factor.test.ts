import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { auth, signin, signUp, type TestAccount } from '../../testing/accounts.ts';
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

  /** A fresh account with 2FA on and no live session. */
  async function enrolledAccount() {
    const account = await signUp(t.app, t.db);
    return { account, ...(await enrolWithRecoveryCodes(account)) };
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

  /** Requests from one network: the sign-in and code steps as a browser there sends them. */
  const fromIp = (ip: string) => ({
    signin: async (account: TestAccount, logoutFromOthers = true) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/signin',
        remoteAddress: ip,
        payload: { email: account.email, password: account.password, logoutFromOthers },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.accessToken as string;
    },
    code: (token: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/validate-2fa',
        remoteAddress: ip,
        headers: auth(token),
        payload: { code },
      }),
    recoveryCode: (token: string, recoveryCode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/users/validate-2fa/recovery-code',
        remoteAddress: ip,
        headers: auth(token),
        payload: { recoveryCode },
      }),
  });

  it('counts wrong codes per network across sign-ins, then lets that network try again after 15 minutes', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    const network = fromIp('203.0.113.30');
    // 20 wrong codes over 4 password sign-ins from one network: only the first 5 are even checked.
    const answers: number[] = [];
    for (let session = 0; session < 4; session += 1) {
      const stageToken = await network.signin(account);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        answers.push((await network.code(stageToken, '000000')).statusCode);
      }
    }
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((status) => status === 429 || status === 401)).toBe(true);
    const right = await network.code(await network.signin(account), codeFor(secret));
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      code: 'tooManyAttempts',
      message: 'Too many wrong codes from your network. Try again in 15 minutes.',
    });

    t.clock.advance(15 * 60 * 1000);
    const later = await network.code(await network.signin(account), codeFor(secret));
    expect(later.statusCode).toBe(200);
  });

  it('ends the other sessions only once the second factor is right (logoutFromOthers)', async () => {
    const account = await signUp(t.app, t.db);
    const secret = await enrol(account);
    const owner = fromIp('198.51.100.40');
    const ownerToken = (await owner.code(await owner.signin(account), codeFor(secret))).json().data
      .accessToken as string;
    nextStep();

    // A stranger with the password only: the owner's session stays, whatever the stranger types.
    const stranger = fromIp('203.0.113.40');
    const strangerToken = await stranger.signin(account, true);
    expect((await get('/v1/me', ownerToken)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) await stranger.code(strangerToken, '000000');
    expect((await get('/v1/me', ownerToken)).statusCode).toBe(200);

    // The owner on a second device, with the right code: now the other sessions end.
    const secondDevice = fromIp('198.51.100.41');
    const secondToken = await secondDevice.signin(account, true);
    expect((await get('/v1/me', ownerToken)).statusCode).toBe(200);
    const upgraded = await secondDevice.code(secondToken, codeFor(secret));
    expect(upgraded.statusCode).toBe(200);
    const old = await get('/v1/me', ownerToken);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('forceOut');
    expect((await get('/v1/me', upgraded.json().data.accessToken)).statusCode).toBe(200);
  });

  it("lets the owner in from their own network after a stranger's wrong codes, and keeps the stranger throttled", async () => {
    const { secret, account } = await enrolledAccount();
    const stranger = fromIp('203.0.113.50');
    const attempt = await stranger.signin(account);
    const wrong = [];
    for (let n = 0; n < 5; n += 1) wrong.push((await stranger.code(attempt, '000000')).json().code);
    expect(wrong).toEqual(Array(5).fill('secondFactorInvalid'));
    expect((await stranger.code(attempt, '000000')).json().code).toBe('sessionExpired');
    // A new sign-in from the same network gets no new codes.
    const again = await stranger.code(await stranger.signin(account), '000000');
    expect(again.statusCode).toBe(429);
    // Another network with the same attempt's token gets nothing either: the attempt is over.
    expect((await fromIp('203.0.113.51').code(attempt, '000000')).statusCode).toBe(401);

    const owner = fromIp('198.51.100.50');
    const signedIn = await owner.code(await owner.signin(account), codeFor(secret));
    expect(signedIn.statusCode).toBe(200);
    expect((await get('/v1/me', signedIn.json().data.accessToken)).statusCode).toBe(200);
    // The owner's success does not free the stranger's network.
    expect((await stranger.code(await stranger.signin(account), '000000')).statusCode).toBe(429);
  });

  it('refuses app codes for a day after 100 wrong ones from many networks; a recovery code still opens', async () => {
    const { secret, account, recoveryCodes } = await enrolledAccount();
    for (let network = 0; network < 20; network += 1) {
      const stranger = fromIp(`203.0.113.${100 + network}`);
      const attempt = await stranger.signin(account);
      for (let n = 0; n < 5; n += 1) {
        expect((await stranger.code(attempt, '000000')).json().code).toBe('secondFactorInvalid');
      }
    }
    const owner = fromIp('198.51.100.60');
    const ownerAttempt = await owner.signin(account);
    const refused = await owner.code(ownerAttempt, codeFor(secret));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 'tooManyAttempts',
      message: 'Too many wrong codes for this account. Use a recovery code, or try again in 24 hours.',
    });
    const recovered = await owner.recoveryCode(ownerAttempt, recoveryCodes[0] ?? '');
    expect(recovered.statusCode).toBe(200);

    t.clock.advance(24 * 60 * 60 * 1000);
    nextStep();
    const later = fromIp('198.51.100.61');
    expect((await later.code(await later.signin(account), codeFor(secret))).statusCode).toBe(200);
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
