import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databasesWithWorker } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCall } from '../../testing/engine.ts';

describe.each(databasesWithWorker)('API keys on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'keys-a');
    b = await engineAccount(t.app, t.db, 'keys-b');
  });

  const call = (
    account: EngineAccount,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    authorization?: string,
  ) => engineCall(t.app, account, method, url, body, authorization ? { authorization } : {});

  it('shows a new key once, then only its short prefix', async () => {
    const created = await call(a, 'POST', '/api-keys', { label: 'CI', grants: ['smtp/inject'] });
    expect(created.statusCode).toBe(200);
    const { id, key, short_key } = created.json().results;
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(short_key).toBe(key.slice(0, 4));
    const listed = (await call(a, 'GET', '/api-keys')).json().results;
    const shown = listed.find((item: { id: string }) => item.id === id);
    expect(shown).toMatchObject({ label: 'CI', grants: ['smtp/inject'], valid_ips: [], short_key });
    expect(JSON.stringify(listed)).not.toContain(key);
    const stored = await t.db.one<{ hash: string }>('SELECT hash FROM api_keys WHERE id = $1', [id]);
    expect(stored.hash).not.toContain(key);
  });

  it('accepts the key raw, as Basic user, and a console bearer token; refuses anything else with 401', async () => {
    expect((await call(a, 'GET', '/api-keys')).statusCode).toBe(200);
    const basic = `Basic ${Buffer.from(`${a.key}:`).toString('base64')}`;
    expect((await call(a, 'GET', '/api-keys', undefined, basic)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/api-keys', undefined, `Bearer ${a.token}`)).statusCode).toBe(200);
    const wrong = await call(a, 'GET', '/api-keys', undefined, 'f'.repeat(40));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      errors: [{ message: 'Unauthorized.', code: '1000', description: 'The API key is not valid' }],
    });
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys' });
    expect(none.statusCode).toBe(401);
  });

  it("answers unknown /api/v1 endpoints in SparkPost's shape", async () => {
    const response = await call(a, 'GET', '/message-events');
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ message: 'resource not found', code: '1600' });
  });

  it('enforces grants: a key without api_keys/manage gets 403', async () => {
    const { key } = (
      await call(a, 'POST', '/api-keys', { label: 'inject only', grants: ['smtp/inject'] })
    ).json().results;
    const refused = await call(a, 'GET', '/api-keys', undefined, key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].description).toContain('api_keys/manage');
  });

  it('a key cannot grant more than it holds, nor unknown grants', async () => {
    const { key } = (
      await call(a, 'POST', '/api-keys', { label: 'keys only', grants: ['api_keys/manage'] })
    ).json().results;
    const escalate = await call(a, 'POST', '/api-keys', { label: 'x', grants: ['smtp/inject'] }, key);
    expect(escalate.statusCode).toBe(422);
    expect(escalate.json().errors[0].description).toContain('smtp/inject');
    const unknown = await call(a, 'POST', '/api-keys', { label: 'x', grants: ['root'] });
    expect(unknown.statusCode).toBe(422);
    const missing = await call(a, 'POST', '/api-keys', { grants: ['smtp/inject'] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ message: 'required field is missing', code: '1400' });
  });

  it('valid_ips: checked on every request, validated when set', async () => {
    const bad = await call(a, 'POST', '/api-keys', {
      label: 'x',
      grants: ['api_keys/manage'],
      valid_ips: ['10.0.0.0/99'],
    });
    expect(bad.statusCode).toBe(422);
    const { id, key } = (
      await call(a, 'POST', '/api-keys', {
        label: 'office',
        grants: ['api_keys/manage'],
        valid_ips: ['10.0.0.0/8'],
      })
    ).json().results;
    const outside = await call(a, 'GET', '/api-keys', undefined, key);
    expect(outside.statusCode).toBe(403);
    expect(outside.json().errors[0].description).toContain('127.0.0.1');
    await call(a, 'PUT', `/api-keys/${id}`, { valid_ips: ['127.0.0.0/8', '::1'] });
    expect((await call(a, 'GET', '/api-keys', undefined, key)).statusCode).toBe(200);
  });

  it('a deleted key stops working at once', async () => {
    const { id, key } = (
      await call(a, 'POST', '/api-keys', { label: 'temp', grants: ['api_keys/manage'] })
    ).json().results;
    expect((await call(a, 'GET', '/api-keys', undefined, key)).statusCode).toBe(200);
    expect((await call(a, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(204);
    expect((await call(a, 'GET', '/api-keys', undefined, key)).statusCode).toBe(401);
  });

  it("no company reaches another's keys", async () => {
    const { id } = (await call(a, 'POST', '/api-keys', { label: 'mine', grants: ['smtp/inject'] })).json()
      .results;
    expect((await call(b, 'GET', `/api-keys/${id}`)).statusCode).toBe(404);
    expect((await call(b, 'PUT', `/api-keys/${id}`, { label: 'stolen' })).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `/api-keys/${id}`)).statusCode).toBe(404);
    const listed = (await call(b, 'GET', '/api-keys')).json().results;
    expect(listed.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await call(a, 'GET', `/api-keys/${id}`)).json().results.label).toBe('mine');
  });
});
