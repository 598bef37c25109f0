import { beforeAll, describe, expect, it } from 'vitest';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const viewKeys = ['id', 'name', 'status', 'compliance_status', 'options'];

describe.each(databases)('subaccounts as the reference documents them, on $name', (database) => {
  const api = useReferenceApi(database, 'conf-subaccounts');
  const create = (body: Record<string, unknown>) => api.call('POST', '/subaccounts', body);
  let bakery: number;

  beforeAll(async () => {
    for (const name of ['Bakery', 'Deli', 'Cafe']) {
      const created = await create({ name, setup_api_key: false });
      if (name === 'Bakery') bakery = created.json().results.subaccount_id;
    }
  });

  it('POST with key_label and key_grants: 200 with subaccount_id, key, label, short_key', async () => {
    const created = await create({
      name: 'Florist',
      key_label: 'florist sending',
      key_grants: ['smtp/inject'],
    });
    const body = expectResults(created, 200, ['subaccount_id', 'key', 'label', 'short_key']);
    expect(body.results.short_key).toBe(body.results.key.slice(0, 4));
  });

  it('POST with setup_api_key false: 200 with subaccount_id alone', async () => {
    const body = expectResults(await create({ name: 'Grocer', setup_api_key: false }), 200, [
      'subaccount_id',
    ]);
    expect(Object.keys(body.results)).toEqual(['subaccount_id']);
  });

  it('POST without name: 400 naming param name, value null', async () => {
    const errors = expectError(await create({ setup_api_key: false }), 400, '1400');
    expect(errors[0]).toMatchObject({ param: 'name', value: null });
  });

  it('POST without key_label and key_grants while a key is set up by default: 400 naming each', async () => {
    const errors = expectError(await create({ name: 'No label' }), 400, '1400');
    expect(errors.map(({ param, value }) => ({ param, value }))).toEqual([
      { param: 'key_label', value: null },
      { param: 'key_grants', value: null },
    ]);
  });

  it('POST with a grant subaccount keys may not hold, or bad key_valid_ips: 400', async () => {
    const grant = await create({ name: 'Grants', key_label: 'k', key_grants: ['subaccounts/manage'] });
    expect(expectError(grant, 400, '1300')[0]).toMatchObject({
      param: 'key_grants',
      value: ['subaccounts/manage'],
    });
    const ips = await create({
      name: 'Ips',
      key_label: 'k',
      key_grants: ['smtp/inject'],
      key_valid_ips: ['nope'],
    });
    expect(expectError(ips, 400, '1300')[0]).toMatchObject({ param: 'key_valid_ips', value: ['nope'] });
  });

  it('POST with an ip_pool over 20 characters: 400 naming param ip_pool and its value', async () => {
    const errors = expectError(
      await create({ name: 'Pool', setup_api_key: false, ip_pool: 'p'.repeat(21) }),
      400,
      '1300',
    );
    expect(errors[0]).toMatchObject({ param: 'ip_pool', value: 'p'.repeat(21) });
  });

  it('POST with an ip_pool holding other than letters, digits and underscores: 400', async () => {
    for (const ipPool of ['bulk pool', 'bulk-pool', 'pool$']) {
      const errors = expectError(
        await create({ name: 'Pool', setup_api_key: false, ip_pool: ipPool }),
        400,
        '1300',
      );
      expect(errors[0]).toMatchObject({ param: 'ip_pool', value: ipPool });
    }
    expectResults(await create({ name: 'Pool', setup_api_key: false, ip_pool: 'Bulk_Pool_2' }), 200);
  });

  it('GET /subaccounts/{id}: 200 with the subaccount and its options', async () => {
    const body = expectResults(await api.call('GET', `/subaccounts/${bakery}`), 200, viewKeys);
    expect(body.results).toMatchObject({ id: bakery, name: 'Bakery', status: 'active' });
  });

  it('GET /subaccounts/{id} that does not exist: 404, code 1600', async () => {
    expectError(await api.call('GET', '/subaccounts/987654'), 404, '1600');
  });

  it('PUT /subaccounts/{id}: 200 with a message', async () => {
    const { results } = (await create({ name: 'Butcher', setup_api_key: false })).json();
    const body = await api.call('PUT', `/subaccounts/${results.subaccount_id}`, {
      name: 'Butcher & Sons',
      status: 'suspended',
      ip_pool: '',
    });
    expectResults(body, 200, ['message']);
  });

  it('PUT /subaccounts/{id} with an ip_pool over 20 characters or with a dot: 400 naming ip_pool', async () => {
    for (const ipPool of ['p'.repeat(21), 'pool.one']) {
      const errors = expectError(
        await api.call('PUT', `/subaccounts/${bakery}`, { ip_pool: ipPool }),
        400,
        '1300',
      );
      expect(errors[0]).toMatchObject({ param: 'ip_pool', value: ipPool });
    }
  });

  it('GET /subaccounts without parameters: 200 with the whole list', async () => {
    const body = expectResults(await api.call('GET', '/subaccounts'), 200);
    expect(Object.keys(body)).toEqual(['results']);
    for (const key of viewKeys) expect(body.results[0]).toHaveProperty(key);
  });

  it('GET /subaccounts with per_page, sort_by and order: pages with total_count and links.next', async () => {
    const first = (await api.call('GET', '/subaccounts?per_page=2&sort_by=name&order=asc')).json();
    expect(first.results.map((s: { name: string }) => s.name)).toEqual(['Bakery', 'Butcher & Sons']);
    expect(first.total_count).toBeGreaterThan(2);
    const next = await api.call('GET', first.links.next.replace(/^\/api\/v1/, ''));
    expect(next.json().results[0].name).toBe('Cafe');
  });

  it('GET /subaccounts/summary: 200 with the total', async () => {
    const total = (await api.call('GET', '/subaccounts')).json().results.length;
    expect(expectResults(await api.call('GET', '/subaccounts/summary'), 200, ['total']).results.total).toBe(
      total,
    );
  });
});
