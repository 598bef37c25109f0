import { sendFilledTags } from '@app/contract/marketing/contacts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setCompanyLimit } from '../../accounts/plans/plan-catalogue.ts';
import { auth } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { embedCall, embedToken } from '../../testing/embed-fixtures.ts';
import { type EngineAccount, engineAccount, subaccountWithKey } from '../../testing/engine.ts';
import { joinMember } from '../../testing/team.ts';

vi.mock('../email-designs/render/design-renderer.ts', async () => {
  const { fakeRenderDesign } = await import('../../testing/embed-fixtures.ts');
  return { createDesignRenderer: () => fakeRenderDesign };
});

describe.each(databases)('embed tokens and the embed API scope on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;

  let editorRole: string;
  const mint = (authorization: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v1/embed-tokens', headers: { authorization }, payload });

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'embed-tokens');
    await t.db.query("UPDATE plan_quotas SET quota = -1 WHERE plan_id = 'FREE' AND feature = 'member'");
    const role = await t.post('/v1/company/roles', a.token, {
      name: 'Template editor',
      permissions: ['templates.manage'],
    });
    editorRole = role.json().data.id;
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
      blocks_off: [],
      merge_tags: ['email', 'firstname', 'lastname', 'phone', ...sendFilledTags],
      merge_samples: expect.objectContaining({
        firstname: 'Alex',
        voucher: 'SAMPLE-10',
        view_in_browser_url: '#',
      }),
    });
  });

  it("offers the company's contact field tags as merge tags, each with a made-up sample", async () => {
    const b = await engineAccount(t.app, t.db, 'embed-tags');
    const field = await t.post('/v1/contacts/field', b.token, {
      name: 'Customer number',
      tag: 'customer_no',
      type: 'text',
    });
    expect(field.statusCode, field.body).toBe(201);
    const session = await embedCall(t.app, await embedToken(t.app, b), 'GET', '/session');
    expect(session.json().results.merge_tags).toEqual([
      'email',
      'firstname',
      'lastname',
      'phone',
      'customer_no',
      // The links to the reader's own pages that each campaign send fills in.
      ...sendFilledTags,
    ]);
    expect(session.json().results.merge_samples).toMatchObject({ customer_no: 'Customer number' });
    const tier = await t.post('/v1/contacts/field', b.token, {
      name: 'Tier',
      tag: 'tier',
      type: 'choice',
      choices: ['Gold', 'Silver'],
    });
    expect(tier.statusCode, tier.body).toBe(201);
    const again = await embedCall(t.app, await embedToken(t.app, b), 'GET', '/session');
    expect(again.json().results.merge_samples).toMatchObject({
      tier: 'Gold',
      email: 'alex.morgan@example.com',
    });
    const other = await embedCall(t.app, await embedToken(t.app, a), 'GET', '/session');
    expect(other.json().results.merge_tags).not.toContain('customer_no');
    expect(other.json().results.merge_samples).not.toHaveProperty('customer_no');
  });

  it("names the blocks the company's plan leaves out (§6 editor blocks tied to features)", async () => {
    const b = await engineAccount(t.app, t.db, 'embed-blocks');
    await setCompanyLimit(t.db, b.companyId, 'videoBlock', 0);
    await setCompanyLimit(t.db, b.companyId, 'qrcodeBlock', 0);
    const session = await embedCall(t.app, await embedToken(t.app, b), 'GET', '/session');
    expect(session.json().results.blocks_off).toEqual(['qrcode', 'video']);
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

  it('stops the tokens of a key whose grants no longer hold templates/modify', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: a.key },
      payload: { label: 'narrowed later', grants: ['templates/modify'] },
    });
    const { id, key: secret } = key.json().results;
    const token = (await mint(secret)).json().results.token;
    expect((await embedCall(t.app, token, 'GET', '/session')).statusCode).toBe(200);
    const narrowed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/api-keys/${id}`,
      headers: { authorization: a.key },
      payload: { grants: ['templates/view'] },
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await embedCall(t.app, token, 'GET', '/session')).statusCode).toBe(401);
  });

  it("ends a console session's token with the session: logout stops it", async () => {
    const editor = await joinMember(t.app, t.db, a, editorRole);
    const token = (await mint(`Bearer ${editor.token}`, { template_id: 'welcome' })).json().results.token;
    expect((await embedCall(t.app, token, 'GET', '/session')).statusCode).toBe(200);
    const loggedOut = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: auth(editor.token) });
    expect(loggedOut.statusCode).toBe(200);
    const refused = await embedCall(t.app, token, 'GET', '/session');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().errors[0].description).toBe('The embed token is missing, unknown or expired');
  });

  it("ends a console session's token with the membership: removed, or no longer allowed templates.manage", async () => {
    const removed = await joinMember(t.app, t.db, a, editorRole);
    const removedToken = (await mint(`Bearer ${removed.token}`)).json().results.token;
    const kept = await joinMember(t.app, t.db, a, editorRole);
    const keptToken = (await mint(`Bearer ${kept.token}`)).json().results.token;
    expect((await embedCall(t.app, removedToken, 'GET', '/session')).statusCode).toBe(200);
    const gone = await t.call('DELETE', `/v1/company/members/${removed.id}`, a.token);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await embedCall(t.app, removedToken, 'GET', '/session')).statusCode).toBe(401);
    expect(
      (await embedCall(t.app, removedToken, 'PUT', '/templates/after-removal/design', {})).statusCode,
    ).toBe(401);

    expect((await embedCall(t.app, keptToken, 'GET', '/session')).statusCode).toBe(200);
    const narrowed = await t.call('PUT', `/v1/company/roles/${editorRole}`, a.token, {
      permissions: ['send'],
    });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect((await embedCall(t.app, keptToken, 'GET', '/session')).statusCode).toBe(401);
    await t.call('PUT', `/v1/company/roles/${editorRole}`, a.token, { permissions: ['templates.manage'] });
  });

  it('lists the live tokens without their secret and revokes them one by one', async () => {
    const first = await embedToken(t.app, a, { template_id: 'listed' });
    const second = await embedToken(t.app, a, { template_id: 'listed' });
    await embedToken(t.app, a, { template_id: 'elsewhere' });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/embed-tokens?template_id=listed',
      headers: { authorization: a.key },
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().results;
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: expect.any(String),
      template_id: 'listed',
      subaccount_id: 0,
      created_at: t.clock.now().toISOString(),
      expires_at: expect.any(String),
      created_by: { type: 'api_key', api_key_id: expect.any(String) },
    });
    const hashes = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM embed_tokens');
    for (const secret of [first, second, ...hashes.map((row) => row.token_hash)]) {
      expect(listed.body).not.toContain(secret);
    }
    const everyTemplate = await t.app.inject({
      method: 'GET',
      url: '/api/v1/embed-tokens',
      headers: { authorization: a.key },
    });
    expect(everyTemplate.json().results.length).toBeGreaterThan(2);

    const ids = items.map((item: { id: string }) => item.id);
    const revokeOne = async (id: string, authorization = a.key) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/embed-tokens/${id}`, headers: { authorization } });
    // Which listed entry is which token: revoke one and see which stops.
    expect((await revokeOne(ids[0])).statusCode).toBe(204);
    const stillWorking = await Promise.all(
      [first, second].map(async (token) => (await embedCall(t.app, token, 'GET', '/session')).statusCode),
    );
    expect(stillWorking.sort()).toEqual([200, 401]);
    expect((await revokeOne(ids[0])).statusCode).toBe(404);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/embed-tokens?template_id=listed',
      headers: { authorization: a.key },
    });
    expect(after.json().results.map((item: { id: string }) => item.id)).toEqual([ids[1]]);
    expect((await revokeOne('not-a-uuid')).statusCode).toBe(404);
    const viewer = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { authorization: a.key },
        payload: { label: 'template viewer', grants: ['templates/view'] },
      })
    ).json().results.key;
    expect((await revokeOne(ids[1], viewer)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/embed-tokens', headers: { authorization: viewer } }))
        .statusCode,
    ).toBe(403);
  });

  it("stops a suspended subaccount's tokens; lists and revokes within the caller's account only", async () => {
    const shop = await subaccountWithKey(t.app, a, 'Embed shop');
    const token = await embedToken(t.app, a, { template_id: 'shop' }, shop.id);
    expect((await embedCall(t.app, token, 'GET', '/session')).json().results.subaccount_id).toBe(shop.id);
    const masterList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/embed-tokens?template_id=shop',
      headers: { authorization: a.key },
    });
    expect(masterList.json().results).toEqual([]);
    const shopList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/embed-tokens?template_id=shop',
      headers: { authorization: a.key, 'x-msys-subaccount': String(shop.id) },
    });
    expect(shopList.json().results).toHaveLength(1);
    const suspended = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/subaccounts/${shop.id}`,
      headers: { authorization: a.key },
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await embedCall(t.app, token, 'GET', '/session')).statusCode).toBe(401);

    // Another company neither lists nor revokes A's tokens.
    const b = await engineAccount(t.app, t.db, 'embed-tokens-b');
    const aToken = await embedToken(t.app, a, { template_id: 'private' });
    const aId = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/embed-tokens?template_id=private',
        headers: { authorization: a.key },
      })
    ).json().results[0].id;
    const bList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/embed-tokens',
      headers: { authorization: b.key },
    });
    expect(bList.json().results).toEqual([]);
    const bRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/embed-tokens/${aId}`,
      headers: { authorization: b.key },
    });
    expect(bRevoke.statusCode).toBe(404);
    expect((await embedCall(t.app, aToken, 'GET', '/session')).statusCode).toBe(200);
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
