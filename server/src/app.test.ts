import { describe, expect, it } from 'vitest';
import { auth, signUp } from './testing/accounts.ts';
import { useTestApp } from './testing/app.ts';
import { defaultDatabase } from './testing/databases.ts';

describe('API documentation', () => {
  const t = useTestApp(defaultDatabase);

  it('serves the OpenAPI document built from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/v1/register',
        '/v1/signin',
        '/v1/me',
        '/v1/company/detail',
        '/v1/on-boarding/product-tour',
        '/v1/usage',
        '/app/usages/quota',
        '/v1/captured-mail/{id}',
      ]),
    );
    const register = document.paths['/v1/register'].post;
    expect(register.requestBody.content['application/json'].schema.properties.password.minLength).toBe(8);
    expect(document.paths['/v1/me'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('serves the interactive docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });

  it('hides internal errors behind code internal, without details', async () => {
    const { token } = await signUp(t.app, t.db);
    await t.db.query('ALTER TABLE product_tours RENAME TO product_tours_gone');
    try {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/on-boarding/product-tour',
        headers: auth(token),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 'internal', message: 'Internal server error' });
    } finally {
      await t.db.query('ALTER TABLE product_tours_gone RENAME TO product_tours');
    }
  });
});
