import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, register, signin, signUp, uniqueEmail } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases, defaultDatabase } from '../../testing/databases.ts';

interface Identity {
  email: string;
  email_verified: boolean;
  name: string;
}

/** A tiny OpenID provider on loopback: discovery, authorize (auto-consent), token and JWKS. */
async function startProvider(clientId: string, clientSecret: string) {
  const app = Fastify();
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { nonce: string; identity: Identity; challenge?: string }>();
  const state = {
    next: { email: 'someone@example.test', email_verified: true, name: 'Someone' } as Identity,
    /** Every token request's form, as the provider received it. */
    tokenRequests: [] as Record<string, string>[],
  };
  let issuer = '';

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get('/.well-known/openid-configuration', async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
  }));
  app.get('/jwks', async () => ({ keys: [jwk] }));
  app.get('/authorize', async (request, reply) => {
    const query = request.query as Record<string, string>;
    if (query.client_id !== clientId) return reply.code(400).send('unknown client');
    if (query.code_challenge && query.code_challenge_method !== 'S256') {
      return reply.code(400).send('only S256');
    }
    const code = crypto.randomUUID();
    codes.set(code, {
      nonce: query.nonce ?? '',
      identity: state.next,
      ...(query.code_challenge ? { challenge: query.code_challenge } : {}),
    });
    const target = new URL(query.redirect_uri ?? '');
    target.searchParams.set('code', code);
    target.searchParams.set('state', query.state ?? '');
    return reply.redirect(target.toString());
  });
  app.post('/token', async (request, reply) => {
    const form = request.body as Record<string, string>;
    state.tokenRequests.push(form);
    const grant = codes.get(form.code ?? '');
    if (!grant || form.client_id !== clientId || form.client_secret !== clientSecret) {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    // PKCE (RFC 7636): a code asked for with a challenge is given only for its verifier.
    const verified = createHash('sha256')
      .update(form.code_verifier ?? '')
      .digest('base64url');
    if (grant.challenge !== undefined && verified !== grant.challenge) {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    codes.delete(form.code ?? '');
    const idToken = await new SignJWT({ ...grant.identity, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'test' })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(grant.identity.email)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return { access_token: 'unused', token_type: 'Bearer', id_token: idToken };
  });
  issuer = await app.listen({ host: '127.0.0.1', port: 0 });
  return { issuer, state, close: () => app.close() };
}

describe.each(databases)('Google/OIDC sign-in on $name', (database) => {
  let provider: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    provider = await startProvider('console-client', 'client-secret');
  });
  afterAll(async () => {
    await provider.close();
  });
  // Registered after the provider's hooks: opens once it listens, closes before it stops.
  const t = useTestApp(database, () => ({
    config: {
      oidc: { issuer: provider.issuer, clientId: 'console-client', clientSecret: 'client-secret' },
    },
  }));

  /**
   * A browser's start of the sign-in: the provider's authorize URL, and the cookies the server set
   * (sent back with the callback, as a browser would).
   */
  async function startSignIn() {
    const start = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/oauth',
      query: {
        successRedirectUrl: '/google-registered',
        errorRedirectUrl: `${t.config.publicUrl}/login`,
        ref: 'ad',
      },
    });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(provider.issuer);
    const cookies = Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value]));
    return { authorize, cookies, setCookies: start.cookies };
  }

  /** The provider's consent: the callback URL it sends the browser back to. */
  async function consent(authorize: URL): Promise<string> {
    const answer = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/v1/auth/oauth/callback');
    return `${callback.pathname}${callback.search}`;
  }

  /** Runs the browser's round trip; returns where the server finally sends the browser. */
  async function signInWithProvider(identity: Identity): Promise<URL> {
    provider.state.next = identity;
    const { authorize, cookies } = await startSignIn();
    const done = await t.app.inject({ method: 'GET', url: await consent(authorize), cookies });
    expect(done.statusCode).toBe(302);
    return new URL(String(done.headers.location));
  }

  it('creates a confirmed account and company on first sign-in, then signs it in again', async () => {
    const email = uniqueEmail('google');
    const landing = await signInWithProvider({ email, email_verified: true, name: 'Grace Hopper' });
    expect(`${landing.origin}${landing.pathname}`).toBe(`${t.config.publicUrl}/google-registered`);
    expect(landing.searchParams.get('registered')).toBe('true');
    const token = landing.searchParams.get('token') ?? '';

    const me = (await t.app.inject({ method: 'GET', url: '/v1/me', headers: auth(token) })).json().data;
    expect(me).toMatchObject({ email, validate: true, fullname: 'Grace Hopper', role: 'ADMIN' });
    const company = (
      await t.app.inject({ method: 'GET', url: '/v1/company/detail', headers: auth(token) })
    ).json();
    expect(company.data).toMatchObject({ name: 'Grace Hopper', environment: 'sandbox' });

    const again = await signInWithProvider({ email, email_verified: true, name: 'Grace Hopper' });
    expect(again.searchParams.get('token')).toBeTruthy();
    const users = await t.db.query('SELECT id FROM users WHERE email = $1', [email]);
    expect(users).toHaveLength(1);
  });

  it('signs in an existing password account with the same address', async () => {
    const account = await signUp(t.app, t.db);
    const landing = await signInWithProvider({ email: account.email, email_verified: true, name: '' });
    const token = landing.searchParams.get('token') ?? '';
    const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: auth(token) });
    expect(me.json().data.email).toBe(account.email);
  });

  it('drops a password set before the address was confirmed (account squatting)', async () => {
    const email = uniqueEmail('squatted');
    await register(t.app, email, 'Attacker123');
    const landing = await signInWithProvider({ email, email_verified: true, name: '' });
    expect(landing.searchParams.get('token')).toBeTruthy();
    expect((await signin(t.app, email, 'Attacker123')).json().code).toBe('wrongCredentials');
  });

  it('sends an unverified provider address back to the error page', async () => {
    const landing = await signInWithProvider({ email: uniqueEmail(), email_verified: false, name: '' });
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('email_not_verified');
  });

  it('refuses redirect targets on another origin and a forged state', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/oauth',
      query: { successRedirectUrl: 'https://evil.example/steal', errorRedirectUrl: '/login' },
    });
    expect(start.statusCode).toBe(400);
    expect(start.json()).toMatchObject({ code: 'validation', payload: { field: 'successRedirectUrl' } });

    const forged = await t.app.inject({ method: 'GET', url: '/v1/auth/oauth/callback?code=x&state=forged' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().payload.field).toBe('state');
  });

  it('binds the state to the browser that started the sign-in (login CSRF)', async () => {
    provider.state.next = { email: uniqueEmail('csrf'), email_verified: true, name: '' };
    const { authorize, cookies, setCookies } = await startSignIn();
    const callback = await consent(authorize);
    // The attacker's callback URL, opened in a victim's browser that never started this sign-in.
    const otherBrowsers: Record<string, string>[] = [{}, { oidc_login: 'another-browser' }];
    for (const otherBrowser of otherBrowsers) {
      const refused = await t.app.inject({ method: 'GET', url: callback, cookies: otherBrowser });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation', payload: { field: 'state' } });
    }
    expect(setCookies).toEqual([
      expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/v1/auth/oauth', maxAge: 600 }),
    ]);
    // The browser that started it is still let in, and its cookie is cleared.
    const done = await t.app.inject({ method: 'GET', url: callback, cookies });
    expect(new URL(String(done.headers.location)).searchParams.get('token')).toBeTruthy();
    expect(done.cookies).toEqual([expect.objectContaining({ name: 'oidc_login', value: '' })]);
  });

  it('accepts a state once', async () => {
    provider.state.next = { email: uniqueEmail('replay'), email_verified: true, name: '' };
    const { authorize, cookies } = await startSignIn();
    const first = await t.app.inject({ method: 'GET', url: await consent(authorize), cookies });
    expect(new URL(String(first.headers.location)).searchParams.get('token')).toBeTruthy();
    // A second code for the same state (the provider asked again), within the 10 minutes.
    const replayed = await t.app.inject({ method: 'GET', url: await consent(authorize), cookies });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json()).toMatchObject({ code: 'validation', payload: { field: 'state' } });
  });

  it('expires an unused state after 10 minutes', async () => {
    provider.state.next = { email: uniqueEmail('late'), email_verified: true, name: '' };
    const { authorize, cookies } = await startSignIn();
    const callback = await consent(authorize);
    t.clock.advance(10 * 60 * 1000 + 1);
    const late = await t.app.inject({ method: 'GET', url: callback, cookies });
    expect(late.statusCode).toBe(400);
    expect(late.json().payload.field).toBe('state');
  });

  it('proves with PKCE (S256) that the token request comes from the sign-in that asked', async () => {
    provider.state.next = { email: uniqueEmail('pkce'), email_verified: true, name: '' };
    const { authorize, cookies } = await startSignIn();
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const challenge = authorize.searchParams.get('code_challenge') ?? '';
    expect(challenge).toMatch(/^[\w-]{43}$/);
    provider.state.tokenRequests = [];
    const done = await t.app.inject({ method: 'GET', url: await consent(authorize), cookies });
    expect(new URL(String(done.headers.location)).searchParams.get('token')).toBeTruthy();
    const [tokenRequest] = provider.state.tokenRequests;
    const verifier = tokenRequest?.code_verifier ?? '';
    expect(verifier).toMatch(/^[\w-]{43,128}$/);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(challenge);
  });

  it('passes a provider error on to the error page', async () => {
    const start = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/oauth',
      query: { successRedirectUrl: '/google-registered', errorRedirectUrl: '/login' },
    });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const denied = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/oauth/callback',
      query: { state, error: 'access_denied' },
      cookies: Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value])),
    });
    expect(new URL(String(denied.headers.location)).searchParams.get('error')).toBe('access_denied');
  });
});

describe('Google/OIDC sign-in when not configured', () => {
  const t = useTestApp(defaultDatabase);

  it('answers 404 featureDisabled', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/auth/oauth',
      query: { successRedirectUrl: '/a', errorRedirectUrl: '/b' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('featureDisabled');
  });
});
