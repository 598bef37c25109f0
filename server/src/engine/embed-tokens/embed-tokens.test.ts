import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../testing/engine.ts';
import { embedCall, embedToken } from './testing/embed-fixtures.ts';

vi.mock('../email-designs/render/design-renderer.ts', async () => {
  const { fakeRenderDesign } = await import('./testing/embed-fixtures.ts');
  return { createDesignRenderer: () => fakeRenderDesign };
});

describe.each(databases)('embed tokens and the embed API scope on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'embed-tokens');
  });

  it('makes a token with an API key; the token opens the session, shown once and stored hashed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/embed-tokens',
      headers: { authorization: a.key },
      payload: { ttl_seconds: 600 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { token, expires_at, template_id } = created.json().results;
    expect(token).toMatch(/^emb_[A-Za-z0-9_-]{43}$/);
    expect(template_id).toBeNull();
    expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(600_000);
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM embed_tokens');
    expect(stored.map((row) => row.token_hash)).not.toContain(token);

    const session = await embedCall(t.app, token, 'GET', '/session');
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().results).toEqual({
      company_name: 'embed-tokens Inc',
      subaccount_id: 0,
      template_id: null,
      expires_at,
    });
  });

  it('closes the tokens an API key made when the key is deleted', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: a.key },
      payload: { label: 'vendor site', grants: ['templates/modify'] },
    });
    expect(key.statusCode, key.body).toBe(200);
    const { id, key: secret } = key.json().results;
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/embed-tokens',
        headers: { authorization: secret },
        payload: {},
      })
    ).json().results.token;
    expect((await embedCall(t.app, token, 'GET', '/session')).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${id}`,
      headers: { authorization: a.key },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await embedCall(t.app, token, 'GET', '/session')).statusCode).toBe(401);
  });

  it("makes a token with the console session's bearer token too", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/embed-tokens',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { template_id: 'welcome' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().results.template_id).toBe('welcome');
  });

  it('refuses a key without templates/modify, and a bad ttl', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: a.key },
      payload: { label: 'viewer', grants: ['templates/view'] },
    });
    const viewer = key.json().results.key;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/embed-tokens',
      headers: { authorization: viewer },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const badTtl = await t.app.inject({
      method: 'POST',
      url: '/api/v1/embed-tokens',
      headers: { authorization: a.key },
      payload: { ttl_seconds: 'soon' },
    });
    expect(badTtl.statusCode).toBe(422);
    expect(badTtl.json().errors[0].code).toBe('1300');
  });

  it('answers 401 in SparkPost shape for no token, an unknown one, an expired one and an API key', async () => {
    const token = await embedToken(t.app, a, { ttl_seconds: 60 });
    for (const authorization of [undefined, 'Bearer emb_unknown', `Bearer ${a.token}`, a.key]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/embed/v1/session',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().errors[0]).toMatchObject({ message: 'Unauthorized.', code: '1000' });
    }
    t.clock.advance(61_000);
    const expired = await embedCall(t.app, token, 'GET', '/session');
    expect(expired.statusCode).toBe(401);
  });

  it('clears expired tokens when a new one is made', async () => {
    await embedToken(t.app, a, { ttl_seconds: 60 });
    t.clock.advance(120_000);
    await embedToken(t.app, a);
    const { count } = await t.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM embed_tokens WHERE expires_at <= $1',
      [t.clock.now()],
    );
    expect(count).toBe(0);
  });

  it('lets a token limited to one template touch no other (403)', async () => {
    const token = await embedToken(t.app, a, { template_id: 'only-this' });
    expect((await embedCall(t.app, token, 'GET', '/templates/only-this/design')).statusCode).toBe(200);
    const other = await embedCall(t.app, token, 'GET', '/templates/another/design');
    expect(other.statusCode).toBe(403);
    expect(other.json().errors[0].code).toBe('1100');
  });

  it('answers CORS preflights and sets Access-Control-Allow-Origin on every /embed/v1 answer', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/embed/v1/templates/x/design',
      headers: {
        origin: 'https://vendor.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': 'https://vendor.example',
      'access-control-allow-methods': 'GET, PUT, POST, DELETE',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-max-age': '600',
    });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();

    const refused = await t.app.inject({
      method: 'GET',
      url: '/embed/v1/session',
      headers: { origin: 'https://vendor.example' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('https://vendor.example');
    expect(refused.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const token = await embedToken(t.app, a);
    const unknown = await embedCall(t.app, token, 'GET', '/nothing-here');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].code).toBe('1600');
    expect(unknown.headers['access-control-allow-origin']).toBe('https://vendor.example');
  });

  it('opens no other route to other origins', async () => {
    const templates = await t.app.inject({
      method: 'GET',
      url: '/api/v1/templates',
      headers: { authorization: a.key, origin: 'https://vendor.example' },
    });
    expect(templates.statusCode).toBe(200);
    expect(templates.headers['access-control-allow-origin']).toBeUndefined();
    expect(templates.headers['cross-origin-resource-policy']).toBe('same-origin');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/templates',
      headers: { origin: 'https://vendor.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
