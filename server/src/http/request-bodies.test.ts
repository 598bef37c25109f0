import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/app.ts';
import { databases } from '../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../testing/engine.ts';
import { engineApi } from './engine-api.ts';
import { requireGrant } from './principal.ts';

/** Routes with a body, each behind a grant the key below lacks. */
const guardedRoutes = [
  ['POST', '/api/v1/transmissions'],
  ['POST', '/api/v1/templates'],
  ['PUT', '/api/v1/templates/t1'],
  ['POST', '/api/v1/templates/t1/preview'],
  ['POST', '/api/v1/utils/content-previewer'],
  ['POST', '/api/v1/recipient-lists'],
  ['PUT', '/api/v1/suppression-list'],
  ['POST', '/api/v1/snippets'],
  ['POST', '/api/v1/webhooks'],
  ['POST', '/api/v1/sending-domains'],
  ['POST', '/api/v1/api-keys'],
  ['POST', '/api/v1/subaccounts'],
  ['POST', '/api/v1/embed-tokens'],
] as const;

describe.each(databases)('request bodies on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  /** A key of company a holding one grant, which none of the routes above asks for. */
  let metricsKey: string;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'bodies-a');
    await t.db.query(`UPDATE subscriptions SET plan_id = 'UNLIMITED' WHERE company_id = $1`, [a.companyId]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: a.key },
      payload: { label: 'metrics only', grants: ['metrics/view'] },
    });
    metricsKey = created.json().results.key;
  });

  it("refuses a key without the route's grant before its body is read: a body that cannot parse gets 403", async () => {
    for (const [method, url] of guardedRoutes) {
      const refused = await t.app.inject({
        method,
        url,
        headers: { authorization: metricsKey, 'content-type': 'application/json' },
        payload: '{"recipients": [1, 2, 3',
      });
      expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(403);
      expect(refused.json().errors[0].message).toBe('Forbidden.');
    }
  });

  it('refuses a body larger than a small route takes with 413, in SparkPost shape', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { authorization: a.key, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      errors: [{ message: 'request too large', code: '1300', description: expect.any(String) }],
    });
  });

  it('accepts a large transmission, parsed off the event loop, as it would have been on it', async () => {
    const recipients = Array.from({ length: 20_000 }, (_, n) => ({
      address: { email: `r${n}@example.test` },
      substitution_data: { name: `Reader ${n}`, tags: ['a', 'b'], score: n / 7 },
    }));
    const body = JSON.stringify({
      recipients,
      content: { from: 'news@acme.test', subject: 'Hi {{name}}', text: 'Hello {{name}}' },
    });
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transmissions',
      headers: { authorization: a.key, 'content-type': 'application/json' },
      payload: body,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().results.total_accepted_recipients).toBe(20_000);
  });

  it('refuses a large body that cannot parse, or sets a prototype, with 400 as a small one', async () => {
    const padding = 'x'.repeat(2 * 1024 * 1024);
    for (const payload of [
      `{"content": {"text": "${padding}"}, "recipients": [`,
      `{"content": {"text": "${padding}"}, "__proto__": {"admin": true}}`,
      `{"content": {"text": "${padding}"}, "a": {"constructor": {"prototype": {"admin": true}}}}`,
    ]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/transmissions',
        headers: { authorization: a.key, 'content-type': 'application/json' },
        payload,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors[0].code).toBe('1300');
    }
  });
});

describe('the engine API', () => {
  it.each(['preValidation', 'preHandler'] as const)(
    'will not register a grant check in %s, which runs after the body is parsed',
    async (hook) => {
      const app = Fastify();
      const late: FastifyPluginAsyncZod = async (scope) => {
        scope.post('/late', { [hook]: requireGrant('templates/modify') }, async () => ({}));
      };
      const callers = {
        checkKey: async () => ({ ok: false, reason: 'unknown' }) as const,
        subaccountStatus: async () => undefined,
        authenticateSession: async () => {
          throw new Error('no sessions here');
        },
      };
      await expect(app.register(engineApi(callers, [late]), { prefix: '/api/v1' })).rejects.toThrow(
        `POST /api/v1/late checks a grant in ${hook}: use onRequest`,
      );
    },
  );
});
