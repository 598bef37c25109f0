import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from '../../../testing/accounts.ts';
import { useTestApp } from '../../../testing/app.ts';
import { databases } from '../../../testing/databases.ts';

describe.each(databases)('segments on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;
  let vip: string;

  const countOf = async (account: TestAccount, rules: object) => {
    const response = await t.post('/v1/contacts/segment/count', account.token, { rules });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.count as number;
  };

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'segments-a', 'Segments A');
    b = await signUp(t.app, t.db, 'segments-b', 'Segments B');
    await t.post('/v1/contacts/field', a.token, { name: 'Age', tag: 'age', type: 'number' });
    vip = (await t.post('/v1/contacts/label', a.token, { name: 'VIP' })).json().data.id;
    const people = [
      { email: 'ann@shop.test', firstname: 'Ann', fields: { age: 34 }, labels: [vip] },
      { email: 'bob@shop.test', firstname: 'Bob', fields: { age: 19 } },
      { email: 'cy@other.test', firstname: 'Cy', fields: { age: 52 }, labels: [vip] },
      { email: 'di@other.test', firstname: 'Di' },
    ];
    for (const person of people) expect((await t.post('/v1/contacts', a.token, person)).statusCode).toBe(201);
    await t.post('/v1/contacts', b.token, { email: 'ann@shop.test' });
  });

  it('counts rules live: fields, labels, status and groups', async () => {
    const over30 = { kind: 'field', field: 'age', operator: 'greaterThan', value: 30 };
    expect(await countOf(a, { match: 'all', conditions: [over30] })).toBe(2);
    expect(
      await countOf(a, { match: 'all', conditions: [over30, { kind: 'label', operator: 'in', value: vip }] }),
    ).toBe(2);
    expect(
      await countOf(a, {
        match: 'all',
        conditions: [
          { kind: 'field', field: 'email', operator: 'contains', value: 'shop.test' },
          {
            match: 'any',
            conditions: [over30, { kind: 'field', field: 'firstname', operator: 'is', value: 'BOB' }],
          },
        ],
      }),
    ).toBe(2);
    expect(
      await countOf(a, { match: 'all', conditions: [{ kind: 'field', field: 'age', operator: 'isEmpty' }] }),
    ).toBe(1);
    expect(
      await countOf(a, {
        match: 'all',
        conditions: [{ kind: 'engagement', operator: 'notOpenedInLastDays', value: 30 }],
      }),
    ).toBe(4);
    expect(
      await countOf(a, { match: 'all', conditions: [{ kind: 'added', operator: 'inLastDays', value: 1 }] }),
    ).toBe(4);
  });

  it('matches "is" on each type of custom field as the value is kept', async () => {
    // Two companies of two custom fields each (the free plan's limit).
    const c = await signUp(t.app, t.db, 'segments-c', 'Segments C');
    const d = await signUp(t.app, t.db, 'segments-d', 'Segments D');
    const add = async (account: TestAccount, path: string, bodies: object[]) => {
      for (const body of bodies) {
        const response = await t.post(path, account.token, body);
        expect(response.statusCode, response.body).toBe(201);
      }
    };
    await add(c, '/v1/contacts/field', [
      { name: 'City', tag: 'city', type: 'text' },
      { name: 'Score', tag: 'score', type: 'number' },
    ]);
    await add(d, '/v1/contacts/field', [
      { name: 'Member', tag: 'member', type: 'boolean' },
      { name: 'Joined', tag: 'joined', type: 'date' },
    ]);
    await add(c, '/v1/contacts', [
      { email: 'e1@c.test', fields: { city: 'ÉVORA', score: 7.5 } },
      { email: 'e2@c.test', fields: { city: 'évora', score: 7 } },
      { email: 'e3@c.test', fields: { city: 'Porto "Norte"', score: 10 } },
      { email: 'e4@c.test' },
    ]);
    await add(d, '/v1/contacts', [
      { email: 'e1@c.test', fields: { member: true, joined: '2026-03-01' } },
      { email: 'e2@c.test', fields: { member: false, joined: '2026-03-02' } },
    ]);
    const is = (account: TestAccount, field: string, value: unknown) =>
      countOf(account, { match: 'all', conditions: [{ kind: 'field', field, operator: 'is', value }] });
    expect(await is(c, 'city', 'Évora')).toBe(2);
    expect(await is(c, 'city', 'porto "norte"')).toBe(1);
    expect(await is(c, 'city', 'Évor')).toBe(0);
    expect(await is(c, 'score', '7.50')).toBe(1);
    expect(await is(c, 'score', 7)).toBe(1);
    expect(await is(d, 'member', true)).toBe(1);
    expect(await is(d, 'member', 'false')).toBe(1);
    expect(await is(d, 'joined', '2026-03-02')).toBe(1);
    expect(
      await countOf(c, {
        match: 'any',
        conditions: [
          { kind: 'field', field: 'city', operator: 'is', value: 'porto "norte"' },
          { kind: 'field', field: 'score', operator: 'is', value: 7 },
        ],
      }),
    ).toBe(2);
  });

  it('saves a segment, counts it, lists its contacts with the segment filter, always fresh', async () => {
    const created = await t.post('/v1/contacts/segment', a.token, {
      name: 'Adults at the shop',
      rules: {
        match: 'all',
        conditions: [{ kind: 'field', field: 'email', operator: 'contains', value: 'shop.test' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect((await t.getData(`/v1/contacts/segment/${id}/count`, a.token)).count).toBe(2);
    await t.post('/v1/contacts', a.token, { email: 'eve@shop.test' });
    expect((await t.getData(`/v1/contacts/segment/${id}/count`, a.token)).count).toBe(3);
    const listed = await t.getData(`/v1/contacts?segment=${id}&sort=email`, a.token);
    expect(listed.items.map((item: { email: string }) => item.email)).toEqual([
      'ann@shop.test',
      'bob@shop.test',
      'eve@shop.test',
    ]);
    expect(listed.total).toBe(3);
    expect(
      (
        await t.post('/v1/contacts/segment', a.token, {
          name: 'adults AT the shop',
          rules: created.json().data.rules,
        })
      ).statusCode,
    ).toBe(409);
  });

  it('refuses rules it cannot run, and SQL anywhere stays a value', async () => {
    const unknown = await t.post('/v1/contacts/segment/count', a.token, {
      rules: { match: 'all', conditions: [{ kind: 'field', field: 'nosuch', operator: 'is', value: 'x' }] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ payload: { field: 'rules' } });
    const injected = await t.post('/v1/contacts/segment/count', a.token, {
      rules: {
        match: 'all',
        conditions: [{ kind: 'field', field: "email') OR 1=1 --", operator: 'is', value: 'x' }],
      },
    });
    expect(injected.statusCode).toBe(400);
    expect(
      await countOf(a, {
        match: 'all',
        conditions: [{ kind: 'field', field: 'email', operator: 'is', value: "x' OR '1'='1" }],
      }),
    ).toBe(0);
  });

  it("keeps each company's segments and counts its own", async () => {
    const id = (await t.getData('/v1/contacts/segment', a.token)).items[0].id;
    expect((await t.get(`/v1/contacts/segment/${id}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/v1/contacts/segment/${id}/count`, b.token)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/v1/contacts/segment/${id}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/v1/contacts?segment=${id}`, b.token)).statusCode).toBe(404);
    expect(
      await countOf(b, {
        match: 'all',
        conditions: [{ kind: 'field', field: 'email', operator: 'contains', value: 'shop' }],
      }),
    ).toBe(1);
    expect((await t.call('DELETE', `/v1/contacts/segment/${id}`, a.token)).statusCode).toBe(200);
  });
});
