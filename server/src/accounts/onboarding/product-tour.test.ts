import { productTourFlags } from '@app/contract/schemas';
import { describe, expect, it } from 'vitest';
import { auth, signUp } from '../../testing/accounts.ts';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';

describe.each(databases)('product tour on $name', (database) => {
  const t = useTestApp(database);

  it('starts with every flag false and merges partial updates', async () => {
    const { token } = await signUp(t.app, t.db);
    const initial = await t.app.inject({
      method: 'GET',
      url: '/v1/on-boarding/product-tour',
      headers: auth(token),
    });
    expect(initial.json().data).toEqual(Object.fromEntries(productTourFlags.map((flag) => [flag, false])));

    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/v1/on-boarding/product-tour', headers: auth(token), payload });
    await put({ sandboxWelcome: true, productionAddApiKeys: true });
    const updated = (await put({ productionAddApiKeys: false, surveyCompletion: true })).json().data;
    expect(updated).toMatchObject({
      sandboxWelcome: true,
      productionAddApiKeys: false,
      surveyCompletion: true,
    });
    expect(Object.keys(updated)).toHaveLength(productTourFlags.length);

    // The production gate is set by completing the profile and the welcome, never directly.
    const gate = await put({ productionWelcome: true });
    expect(gate.statusCode).toBe(400);
    expect((await t.getData('/v1/on-boarding/product-tour', token)).productionWelcome).toBe(false);

    const bad = await put({ sandboxWelcome: 'yes' });
    expect(bad.json()).toMatchObject({
      code: 'validation',
      payload: { field: 'sandboxWelcome', value: 'yes' },
    });
  });
});
