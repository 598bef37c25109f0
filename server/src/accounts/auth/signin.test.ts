import { describe, expect, it } from 'vitest';
import { auth, register, signin, signUp, uniqueEmail, validationToken } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';

const minutes = (n: number) => n * 60 * 1000;

describe.each(databases)('sign-in and sessions on $name', (database) => {
  const t = useTestApp(database);
  const { get } = t;

  it('signs in a confirmed user with a full token that opens signed-in routes', async () => {
    const email = uniqueEmail();
    await register(t.app, email, 'Password123');
    await t.app.inject({
      method: 'POST',
      url: '/v1/validate',
      payload: { token: await validationToken(t.db, email) },
    });
    const response = await signin(t.app, email.toUpperCase(), 'Password123');
    expect(response.statusCode).toBe(200);
    const { accessToken, twoFactor } = response.json().data;
    expect(twoFactor).toBe(false);
    expect((await get('/v1/checkToken-2FA', accessToken)).json()).toEqual({ data: false });
    expect((await get('/v1/me', accessToken)).json().data.email).toBe(email);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const account = await signUp(t.app, t.db);
    const wrong = await signin(t.app, account.email, 'Wrong12345');
    const unknown = await signin(t.app, uniqueEmail(), 'Wrong12345');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'wrongCredentials',
        message: 'Email address or password is incorrect',
      });
    }
  });

  it('refuses an unconfirmed account with 403 emailNotValidated', async () => {
    const email = uniqueEmail();
    await register(t.app, email, 'Password123');
    const response = await signin(t.app, email, 'Password123');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('emailNotValidated');
  });

  const from = (ip: string, email: string, password: string, logoutFromOthers?: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/signin',
      remoteAddress: ip,
      payload: { email, password, logoutFromOthers },
    });
  const seconds = (n: number) => n * 1000;

  it('does not let a stranger lock the owner out with wrong passwords', async () => {
    const account = await signUp(t.app, t.db);
    for (let attempt = 0; attempt < 20; attempt += 1) await from('203.0.113.9', account.email, 'Wrong12345');
    const owner = await from('198.51.100.7', account.email, account.password, true);
    expect(owner.statusCode).toBe(200);
  });

  it('slows the guessing IP down with a clear message, then lets the right password in', async () => {
    const account = await signUp(t.app, t.db);
    const attacker = '203.0.113.10';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await from(attacker, account.email, 'Wrong12345')).json().code).toBe('wrongCredentials');
    }
    const slowed = await from(attacker, account.email, account.password, true);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({
      code: 'tooManyAttempts',
      message: 'Too many wrong passwords for this account from your network. Try again in 15 seconds.',
    });
    t.clock.advance(seconds(15));
    // Each further wrong password doubles the wait.
    expect((await from(attacker, account.email, 'Wrong12345')).json().code).toBe('wrongCredentials');
    t.clock.advance(seconds(29));
    expect((await from(attacker, account.email, account.password, true)).json().message).toMatch(
      /Try again in 1 second\./,
    );
    t.clock.advance(seconds(1));
    expect((await from(attacker, account.email, account.password, true)).statusCode).toBe(200);
    // A success clears the count.
    expect((await from(attacker, account.email, 'Wrong12345')).json().code).toBe('wrongCredentials');
  });

  it('lets no more than 5 of a burst of parallel guesses reach the password check', async () => {
    const account = await signUp(t.app, t.db);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => from('203.0.113.13', account.email, 'Wrong12345')),
    );
    const codes = burst.map((response) => response.json().code);
    expect(codes.filter((code) => code === 'wrongCredentials')).toHaveLength(5);
    expect(codes.filter((code) => code === 'tooManyAttempts')).toHaveLength(15);
  });

  it('throttles unknown addresses like known ones, and forgets failures after 15 minutes', async () => {
    const unknown = uniqueEmail();
    for (let attempt = 0; attempt < 5; attempt += 1) await from('203.0.113.11', unknown, 'Wrong12345');
    expect((await from('203.0.113.11', unknown, 'Wrong12345')).json().code).toBe('tooManyAttempts');

    const account = await signUp(t.app, t.db);
    for (let attempt = 0; attempt < 4; attempt += 1) await from('203.0.113.12', account.email, 'Wrong12345');
    t.clock.advance(minutes(16));
    await from('203.0.113.12', account.email, 'Wrong12345');
    expect((await from('203.0.113.12', account.email, account.password, true)).statusCode).toBe(200);
  });

  it('asks to confirm a second sign-in, then forces the other session out', async () => {
    const account = await signUp(t.app, t.db);

    const recent = await signin(t.app, account.email, account.password);
    expect(recent.statusCode).toBe(409);
    expect(recent.json().code).toBe('signInConfirmMode1');

    t.clock.advance(minutes(3));
    const idle = await signin(t.app, account.email, account.password);
    expect(idle.json().code).toBe('signInConfirm');

    const forced = await signin(t.app, account.email, account.password, true);
    expect(forced.statusCode).toBe(200);
    const newToken = forced.json().data.accessToken;

    const old = await get('/v1/me', account.token);
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('forceOut');
    expect((await get('/v1/me', newToken)).statusCode).toBe(200);
  });

  it('logs out: the token then answers 401 loggedOut, also on ping', async () => {
    const account = await signUp(t.app, t.db);
    const loggedOut = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: auth(account.token) });
    expect(loggedOut.json()).toEqual({ data: true });
    const after = await get('/v1/me', account.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('loggedOut');
    expect((await get('/v1/ping', account.token)).json().code).toBe('loggedOut');
    // A logged-out session no longer counts as signed in elsewhere.
    expect((await signin(t.app, account.email, account.password)).statusCode).toBe(200);
  });

  it('answers ping anonymously and with a good token', async () => {
    const account = await signUp(t.app, t.db);
    expect((await t.app.inject({ method: 'GET', url: '/v1/ping' })).json()).toEqual({ data: true });
    expect((await get('/v1/ping', account.token)).json()).toEqual({ data: true });
  });

  it('gives cookie-mode clients an HttpOnly SameSite=Strict cookie, honoured only with the header', async () => {
    const account = await signUp(t.app, t.db);
    const cookieMode = { 'x-auth-mode': 'cookie' };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/v1/signin',
      headers: cookieMode,
      payload: { email: account.email, password: account.password, logoutFromOthers: true },
    });
    const cookie = signedIn.cookies.find((item) => item.name === 'token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const token = cookie?.value ?? '';

    const withHeader = await t.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: cookieMode,
      cookies: { token },
    });
    expect(withHeader.statusCode).toBe(200);
    // A cross-site form cannot add the header, so the cookie alone opens nothing (CSRF guard).
    const cookieOnly = await t.app.inject({ method: 'GET', url: '/v1/me', cookies: { token } });
    expect(cookieOnly.statusCode).toBe(401);
    // Bearer clients never get a cookie.
    const bearer = await signin(t.app, account.email, account.password, true);
    expect(bearer.cookies).toEqual([]);

    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/v1/logout',
      headers: { ...cookieMode, authorization: `Bearer ${bearer.json().data.accessToken}` },
      cookies: { token },
    });
    expect(loggedOut.cookies.find((item) => item.name === 'token')?.value).toBe('');
  });

  it('maps missing, malformed and expired tokens to the session codes', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/v1/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('loggedOut');

    const malformed = await get('/v1/me', 'not-a-jwt');
    expect(malformed.json()).toEqual({ code: 'tokenException', message: 'Error parsing jwt token' });

    const account = await signUp(t.app, t.db);
    t.clock.advance(8 * 24 * 60 * minutes(1));
    const expired = await get('/v1/me', account.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('sessionExpired');
    expect((await signin(t.app, account.email, account.password)).statusCode).toBe(200);
  });
});

describe('rate limit', () => {
  const t = useTestApp(defaultDatabase, { config: { rateLimitPerMinute: 2 } });

  it('limits the anonymous account routes per IP with tooManyAttempts', async () => {
    const attempt = () => signin(t.app, 'nobody@example.test', 'Password123');
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('tooManyAttempts');
    // Signed-in routes are not limited by it.
    for (let i = 0; i < 3; i += 1)
      expect((await t.app.inject({ method: 'GET', url: '/v1/ping' })).statusCode).toBe(200);
  });
});
