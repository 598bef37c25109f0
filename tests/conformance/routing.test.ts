import { describe, expect, it } from 'vitest';
import { databases, expectError, useReferenceApi } from './reference-api.ts';

describe.each(databases)(
  'what every /api/v1 request gets, whatever its path and method, on $name',
  (database) => {
    const api = useReferenceApi(database, 'conf-routing');

    it.each(['GET', 'POST', 'PUT', 'DELETE'] as const)(
      '%s on an unknown path: 404 in the errors shape, code 1600',
      async (method) => {
        expectError(
          await api.call(method, '/weather-forecast', method === 'GET' ? undefined : {}),
          404,
          '1600',
        );
      },
    );

    it('a method the path does not have: 405 naming the methods it has', async () => {
      const response = await api.call('PUT', '/transmissions', {});
      expectError(response, 405, '1300');
      expect(response.headers.allow).toBe('POST, GET, DELETE');
    });

    it('PATCH and OPTIONS: the errors shape too', async () => {
      for (const method of ['PATCH', 'OPTIONS'] as const) {
        const response = await api.t.app.inject({
          method,
          url: '/api/v1/templates',
          headers: { authorization: api.account.key },
        });
        expect(response.json(), method).toHaveProperty('errors');
      }
    });

    it('no key or a wrong key: 401, code 1000', async () => {
      const anonymous = await api.t.app.inject({ method: 'GET', url: '/api/v1/templates' });
      expectError(anonymous, 401, '1000');
      expectError(
        await api.call('GET', '/templates', undefined, { authorization: 'not-a-key' }),
        401,
        '1000',
      );
    });

    it('a trailing slash is ignored', async () => {
      expect((await api.call('GET', '/subaccounts/summary/')).statusCode).toBe(200);
      expect((await api.call('GET', '/recipient-lists/')).statusCode).toBe(200);
    });
  },
);
