import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import {
  type EngineAccount,
  type EngineMethod,
  engineAccount,
  engineCaller,
  subaccountWithKey as newSubaccount,
  sampleTransmission,
} from '../../testing/engine.ts';

describe.each(databases)('subaccounts on $name', (database) => {
  const t = useTestApp(database);
  let a: EngineAccount;
  let b: EngineAccount;

  const call = engineCaller(t);

  const subaccountWithKey = (account: EngineAccount, name: string, grants?: readonly string[]) =>
    newSubaccount(t.app, account, name, grants);

  const setStatus = (account: EngineAccount, id: number, status: string) =>
    call(account, 'PUT', `/subaccounts/${id}`, { status });

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'subs-a');
    b = await engineAccount(t.app, t.db, 'subs-b');
  });

  describe('create, list, get, update', () => {
    it('creates a subaccount, with or without its first key, and lists and gets it', async () => {
      const plain = await call(a, 'POST', '/subaccounts', {
        name: 'Blog',
        ip_pool: 'shared',
        setup_api_key: false,
      });
      expect(plain.statusCode).toBe(200);
      expect(plain.json().results).toEqual({ subaccount_id: expect.any(Number) });
      const blog = plain.json().results.subaccount_id as number;

      const withKey = await call(a, 'POST', '/subaccounts', {
        name: 'Store',
        setup_api_key: true,
        key_label: 'store sending',
        key_grants: ['smtp/inject', 'transmissions/modify'],
      });
      expect(withKey.statusCode).toBe(200);
      const created = withKey.json().results;
      expect(created).toEqual({
        subaccount_id: expect.any(Number),
        label: 'store sending',
        key: expect.stringMatching(/^[0-9a-f]{40}$/),
        short_key: created.key.slice(0, 4),
      });
      // The key works at once, for its own subaccount.
      const sent = await call(a, 'POST', '/transmissions', sampleTransmission('first@example.test'), {
        authorization: created.key,
      });
      expect(sent.statusCode).toBe(200);
      const keys = (
        await call(a, 'GET', '/api-keys', undefined, { subaccount: created.subaccount_id })
      ).json();
      expect(keys.results).toEqual([
        expect.objectContaining({
          label: 'store sending',
          subaccount_id: created.subaccount_id,
          grants: ['smtp/inject', 'transmissions/modify'],
        }),
      ]);

      const listed = (await call(a, 'GET', '/subaccounts')).json().results;
      expect(listed).toEqual(
        expect.arrayContaining([
          {
            id: blog,
            name: 'Blog',
            status: 'active',
            compliance_status: 'active',
            ip_pool: 'shared',
            options: { deliverability: false },
            created: expect.any(String),
          },
          expect.objectContaining({ id: created.subaccount_id, name: 'Store', status: 'active' }),
        ]),
      );
      expect(Date.parse(listed[0].created)).not.toBeNaN();
      const got = await call(a, 'GET', `/subaccounts/${blog}`);
      expect(got.json().results).toMatchObject({
        id: blog,
        name: 'Blog',
        status: 'active',
        ip_pool: 'shared',
      });
    });

    it('renames, changes and removes the IP pool', async () => {
      const id = (
        await call(a, 'POST', '/subaccounts', { name: 'Old name', ip_pool: 'pool_a', setup_api_key: false })
      ).json().results.subaccount_id;
      const renamed = await call(a, 'PUT', `/subaccounts/${id}`, { name: 'New name', ip_pool: 'pool_b' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().results.message).toEqual(expect.any(String));
      expect((await call(a, 'GET', `/subaccounts/${id}`)).json().results).toMatchObject({
        name: 'New name',
        ip_pool: 'pool_b',
        status: 'active',
      });
      await call(a, 'PUT', `/subaccounts/${id}`, { ip_pool: null });
      const cleared = (await call(a, 'GET', `/subaccounts/${id}`)).json().results;
      expect(cleared.name).toBe('New name');
      expect(cleared).not.toHaveProperty('ip_pool');
    });

    it('refuses bad input with 400, as the reference does for subaccounts, and unknown ids with 404', async () => {
      const noName = await call(a, 'POST', '/subaccounts', { ip_pool: 'x' });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().errors[0]).toMatchObject({
        code: '1400',
        description: expect.stringContaining('name'),
      });
      const keyWithoutGrants = await call(a, 'POST', '/subaccounts', {
        name: 'No grants',
        setup_api_key: true,
        key_label: 'k',
      });
      expect(keyWithoutGrants.statusCode).toBe(400);
      const unknownGrant = await call(a, 'POST', '/subaccounts', {
        name: 'Bad grant',
        setup_api_key: true,
        key_label: 'k',
        key_grants: ['transmissions/fly'],
      });
      expect(unknownGrant.statusCode).toBe(400);
      expect(unknownGrant.json().errors[0].description).toContain('transmissions/fly');
      const badStatus = await call(a, 'POST', '/subaccounts', { name: 'x', setup_api_key: false }).then(
        (created) =>
          call(a, 'PUT', `/subaccounts/${created.json().results.subaccount_id}`, { status: 'paused' }),
      );
      expect(badStatus.statusCode).toBe(400);
      expect(badStatus.json().errors[0].description).toContain('status');

      expect((await call(a, 'GET', '/subaccounts/987654321')).statusCode).toBe(404);
      expect((await call(a, 'GET', '/subaccounts/987654321')).json().errors[0].code).toBe('1600');
      expect((await call(a, 'PUT', '/subaccounts/987654321', { name: 'x' })).statusCode).toBe(404);
      expect((await call(a, 'GET', '/subaccounts/shop')).statusCode).toBe(400);
    });

    it('follows the reference: a key by default, grants checked, names up to 64 characters, a summary', async () => {
      const subaccounts = async () =>
        (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM subaccounts')).n;
      const before = await subaccounts();
      // setup_api_key defaults to true, so key_label and key_grants are required.
      const noKeyFields = await call(a, 'POST', '/subaccounts', { name: 'Default key' });
      expect(noKeyFields.statusCode).toBe(400);
      expect(noKeyFields.json().errors[0].description).toContain('key_label');
      const defaulted = await call(a, 'POST', '/subaccounts', {
        name: 'Default key',
        key_label: 'k',
        key_grants: ['smtp/inject'],
      });
      expect(defaulted.statusCode).toBe(200);
      expect(defaulted.json().results).toMatchObject({ key: expect.any(String), label: 'k' });
      // Grants are checked even when no key is made.
      for (const key_grants of [['transmissions/fly'], ['templates/modify'], 'smtp/inject']) {
        const refused = await call(a, 'POST', '/subaccounts', {
          name: 'x',
          setup_api_key: false,
          key_grants,
        });
        expect(refused.statusCode, JSON.stringify(key_grants)).toBe(400);
      }
      const long = await call(a, 'POST', '/subaccounts', { name: 'n'.repeat(65), setup_api_key: false });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors[0].description).toMatch(/^name: .*64/);
      expect(await subaccounts()).toBe(before + 1);
      const fits = await call(a, 'POST', '/subaccounts', { name: 'n'.repeat(64), setup_api_key: false });
      expect(fits.statusCode).toBe(200);

      const summary = await call(a, 'GET', '/subaccounts/summary');
      expect(summary.statusCode).toBe(200);
      const owned = (await call(a, 'GET', '/subaccounts')).json().results.length;
      expect(summary.json()).toEqual({ results: { total: owned } });
      const others = (await call(b, 'GET', '/subaccounts/summary')).json().results.total;
      expect(others).toBe((await call(b, 'GET', '/subaccounts')).json().results.length);
    });

    it('pages the list when asked: per_page, sort_by, order, filters, total_count and links.next', async () => {
      const c = await engineAccount(t.app, t.db, 'subs-paging');
      const ids: number[] = [];
      for (const name of ['Cedar', 'alder', 'Birch']) {
        const created = await call(c, 'POST', '/subaccounts', {
          name,
          setup_api_key: false,
          ip_pool: 'trees',
        });
        ids.push(created.json().results.subaccount_id);
      }
      // Without paging parameters: the whole list, as before.
      expect(Object.keys((await call(c, 'GET', '/subaccounts')).json())).toEqual(['results']);

      const names: string[] = [];
      let next: string | undefined = '/subaccounts?per_page=2&sort_by=name&order=asc';
      while (next) {
        const page = await call(c, 'GET', next);
        expect(page.statusCode).toBe(200);
        const body = page.json();
        expect(body.total_count).toBe(3);
        names.push(...body.results.map((s: { name: string }) => s.name));
        next = body.links.next?.replace(/^\/api\/v1/, '');
      }
      expect(names).toEqual(['alder', 'Birch', 'Cedar']);

      const byId = (await call(c, 'GET', '/subaccounts?sort_by=id&order=desc')).json();
      expect(byId.results.map((s: { id: number }) => s.id)).toEqual([...ids].reverse());
      expect(byId.links).toEqual({});
      const filtered = (await call(c, 'GET', `/subaccounts?name=IR&ids=${ids[0]},${ids[2]}`)).json();
      expect(filtered.results.map((s: { name: string }) => s.name)).toEqual(['Birch']);
      expect((await call(c, 'GET', '/subaccounts?ip_pool=other')).json().total_count).toBe(0);
      // No subaccount has deliverability features: they are not offered, and turning them on is refused.
      expect((await call(c, 'GET', '/subaccounts?option=deliverability')).json().total_count).toBe(0);
      expect(
        (await call(c, 'PUT', `/subaccounts/${ids[0]}`, { options: { deliverability: false } })).statusCode,
      ).toBe(200);
      const turnedOn = await call(c, 'PUT', `/subaccounts/${ids[0]}`, { options: { deliverability: true } });
      expect(turnedOn.statusCode).toBe(400);
      expect(turnedOn.json().errors[0].description).toContain('deliverability');

      for (const query of ['per_page=101', 'sort_by=size', 'order=up', 'cursor=bm9wZQ', 'ids=a,b']) {
        const refused = await call(c, 'GET', `/subaccounts?${query}`);
        expect(refused.statusCode, query).toBe(400);
      }
    });

    it('refuses an id beyond the database range with 400 (422 in other families), not a server error', async () => {
      const huge = '9999999999999999999';
      const got = await call(a, 'GET', `/subaccounts/${huge}`);
      expect(got.statusCode).toBe(400);
      expect(got.json().errors[0]).toMatchObject({
        code: '1300',
        description: expect.stringContaining('id'),
      });
      expect((await call(a, 'PUT', `/subaccounts/${huge}`, { name: 'x' })).statusCode).toBe(400);
      expect((await call(a, 'GET', `/transmissions/${huge}`)).statusCode).toBe(422);
      // The largest 19-digit ids still reach the lookup.
      expect((await call(a, 'GET', '/subaccounts/8999999999999999999')).statusCode).toBe(404);
    });
  });

  describe('status', () => {
    it("suspending stops the subaccount's key and the master acting for it; reactivating restores both", async () => {
      const shop = await subaccountWithKey(a, 'Suspended shop');
      expect(
        (await call(a, 'POST', '/transmissions', sampleTransmission('s@example.test'), shop.key)).statusCode,
      ).toBe(200);

      expect((await setStatus(a, shop.id, 'suspended')).statusCode).toBe(200);
      expect((await call(a, 'GET', `/subaccounts/${shop.id}`)).json().results.status).toBe('suspended');
      const byKey = await call(a, 'POST', '/transmissions', sampleTransmission('s@example.test'), shop.key);
      expect(byKey.statusCode).toBe(403);
      expect(byKey.json().errors).toEqual([
        { message: 'Forbidden.', code: '1100', description: `subaccount ${shop.id} is suspended` },
      ]);
      const byMaster = await call(a, 'GET', '/suppression-list', undefined, { subaccount: shop.id });
      expect(byMaster.statusCode).toBe(403);
      expect(byMaster.json().errors[0].description).toBe(`subaccount ${shop.id} is suspended`);
      // The master's own account is not affected.
      expect((await call(a, 'GET', '/suppression-list')).statusCode).toBe(200);

      expect((await setStatus(a, shop.id, 'active')).statusCode).toBe(200);
      expect(
        (await call(a, 'POST', '/transmissions', sampleTransmission('s@example.test'), shop.key)).statusCode,
      ).toBe(200);
      expect((await call(a, 'GET', '/suppression-list', undefined, { subaccount: shop.id })).statusCode).toBe(
        200,
      );
    });

    it('terminated is final: no reactivation nor suspension, its key refused', async () => {
      const shop = await subaccountWithKey(a, 'Closed shop');
      expect((await setStatus(a, shop.id, 'terminated')).statusCode).toBe(200);
      for (const status of ['active', 'suspended']) {
        const reactivated = await setStatus(a, shop.id, status);
        expect(reactivated.statusCode).toBe(409);
        expect(reactivated.json().errors[0]).toMatchObject({
          code: '1602',
          description: expect.stringContaining('terminated'),
        });
      }
      expect((await call(a, 'GET', `/subaccounts/${shop.id}`)).json().results.status).toBe('terminated');
      const byKey = await call(a, 'GET', '/events/message', undefined, shop.key);
      expect(byKey.statusCode).toBe(403);
      expect(byKey.json().errors[0].description).toBe(`subaccount ${shop.id} is terminated`);
      const byMaster = await call(a, 'GET', '/transmissions', undefined, { subaccount: shop.id });
      expect(byMaster.statusCode).toBe(403);
    });

    it('X-MSYS-SUBACCOUNT must be a subaccount id; 0 is the master account', async () => {
      const bad = await t.app.inject({
        method: 'GET',
        url: '/api/v1/suppression-list',
        headers: { authorization: a.key, 'x-msys-subaccount': 'shop' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].description).toContain('X-MSYS-SUBACCOUNT');
      expect((await call(a, 'GET', '/subaccounts', undefined, { subaccount: 0 })).statusCode).toBe(200);
    });
  });

  describe("subaccounts' keys", () => {
    it('hold only the grants a subaccount may have', async () => {
      for (const grant of [
        'api_keys/manage',
        'subaccounts/manage',
        'templates/modify',
        'recipient_lists/manage',
      ]) {
        const created = await call(a, 'POST', '/subaccounts', {
          name: `With ${grant}`,
          setup_api_key: true,
          key_label: 'k',
          key_grants: ['transmissions/modify', grant],
        });
        expect(created.statusCode, grant).toBe(400);
        expect(created.json().errors[0].description).toContain(grant);
      }
      // Nothing was created by the refused requests.
      const names = (await call(a, 'GET', '/subaccounts'))
        .json()
        .results.map((s: { name: string }) => s.name);
      expect(names.filter((name: string) => name.startsWith('With '))).toEqual([]);

      // The same rule when the master makes a key for a subaccount with X-MSYS-SUBACCOUNT.
      const shop = await subaccountWithKey(a, 'Key rules');
      const viaHeader = await call(
        a,
        'POST',
        '/api-keys',
        { label: 'admin', grants: ['api_keys/manage'] },
        { subaccount: shop.id },
      );
      expect(viaHeader.statusCode).toBe(422);
      const allowed = await call(
        a,
        'POST',
        '/api-keys',
        { label: 'events', grants: ['message_events/view'] },
        { subaccount: shop.id },
      );
      expect(allowed.statusCode).toBe(200);
      const keys = (await call(a, 'GET', '/api-keys', undefined, { subaccount: shop.id })).json().results;
      expect(keys.map((key: { label: string }) => key.label).sort()).toEqual(['Key rules key', 'events']);
      expect(keys.every((key: { subaccount_id?: number }) => key.subaccount_id === shop.id)).toBe(true);
    });

    it('cannot manage subaccounts, and the master acting for a subaccount cannot either', async () => {
      const shop = await subaccountWithKey(a, 'No admin');
      const other = await subaccountWithKey(a, 'Other shop');
      for (const [method, url, body] of [
        ['GET', '/subaccounts', undefined],
        ['POST', '/subaccounts', { name: 'Child' }],
        ['GET', `/subaccounts/${shop.id}`, undefined],
        ['PUT', `/subaccounts/${other.id}`, { status: 'suspended' }],
      ] as const) {
        const byKey = await call(a, method, url, body, shop.key);
        expect(byKey.statusCode, `${method} ${url}`).toBe(403);
        const byMaster = await call(a, method, url, body, { subaccount: shop.id });
        expect(byMaster.statusCode, `${method} ${url} as master`).toBe(403);
        expect(byMaster.json().errors[0].description).toContain('master');
      }
      expect((await call(a, 'GET', `/subaccounts/${other.id}`)).json().results.status).toBe('active');
    });

    it('cannot act for another subaccount with X-MSYS-SUBACCOUNT', async () => {
      const shop = await subaccountWithKey(a, 'Own only');
      const other = await subaccountWithKey(a, 'Not yours');
      const across = await call(a, 'GET', '/suppression-list', undefined, {
        ...shop.key,
        subaccount: other.id,
      });
      expect(across.statusCode).toBe(403);
      expect(across.json().errors[0].description).toContain('another subaccount');
      const own = await call(a, 'GET', '/suppression-list', undefined, { ...shop.key, subaccount: shop.id });
      expect(own.statusCode).toBe(200);
    });
  });

  describe('between companies', () => {
    /** One request per engine route family, as sent with X-MSYS-SUBACCOUNT. */
    const families: Array<[EngineMethod, string, unknown]> = [
      ['GET', '/api-keys', undefined],
      ['GET', '/subaccounts', undefined],
      ['GET', '/suppression-list', undefined],
      ['PUT', '/suppression-list', { recipients: [{ recipient: 'x@example.test', type: 'transactional' }] }],
      ['GET', '/events/message', undefined],
      ['GET', '/templates', undefined],
      ['GET', '/recipient-lists', undefined],
      ['GET', '/snippets', undefined],
      ['GET', '/transmissions', undefined],
      ['POST', '/transmissions', sampleTransmission('x@example.test')],
    ];

    it("no company gets or changes another's subaccount", async () => {
      const shop = await subaccountWithKey(a, 'A private');
      expect((await call(b, 'GET', `/subaccounts/${shop.id}`)).statusCode).toBe(404);
      expect((await call(b, 'PUT', `/subaccounts/${shop.id}`, { status: 'suspended' })).statusCode).toBe(404);
      expect((await call(b, 'PUT', `/subaccounts/${shop.id}`, { name: 'Taken' })).statusCode).toBe(404);
      const bList = (await call(b, 'GET', '/subaccounts')).json().results;
      expect(bList.map((s: { id: number }) => s.id)).not.toContain(shop.id);
      expect((await call(a, 'GET', `/subaccounts/${shop.id}`)).json().results).toMatchObject({
        name: 'A private',
        status: 'active',
      });
    });

    it("no company acts as another's subaccount on any route, answered as for an id that does not exist", async () => {
      const shop = await subaccountWithKey(a, 'A only');
      const own = (await call(b, 'POST', '/subaccounts', { name: 'B own', setup_api_key: false })).json()
        .results.subaccount_id;
      for (const [method, url, body] of families) {
        const across = await call(b, method, url, body, { subaccount: shop.id });
        expect(across.statusCode, `${method} ${url}`).toBe(403);
        expect(across.json().errors[0].description).toBe(`subaccount ${shop.id} does not exist`);
        const bySession = await t.app.inject({
          method,
          url: `/api/v1${url}`,
          headers: { authorization: `Bearer ${b.token}`, 'x-msys-subaccount': String(shop.id) },
          ...(body === undefined ? {} : { payload: body as object }),
        });
        expect(bySession.statusCode, `${method} ${url} by session`).toBe(403);
      }
      // B's own subaccount is reachable the same way.
      for (const [method, url, body] of families.filter(([, url]) => url !== '/subaccounts')) {
        const reply = await call(b, method, url, body, { subaccount: own });
        expect(reply.statusCode, `${method} ${url} own`).toBe(200);
      }
      expect(
        (await call(a, 'GET', '/suppression-list/x@example.test', undefined, { subaccount: shop.id }))
          .statusCode,
      ).toBe(404);
    });
  });
});
