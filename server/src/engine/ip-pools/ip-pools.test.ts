import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';
import { localAddresses, normalizeAddress } from './local-addresses.ts';
import { poolIdOf } from './routes.ts';

describe('pool ids and addresses', () => {
  it('makes ids from names as SparkPost does', () => {
    expect(poolIdOf('Marketing IP Pool')).toBe('marketing_ip_pool');
    expect(poolIdOf('  Café — Transactional! ')).toBe('cafe_transactional');
    expect(poolIdOf('!!!')).toBe('ip_pool');
  });

  it('normalizes addresses and knows the loopback one', () => {
    expect(normalizeAddress('::0001')).toBe('::1');
    expect(normalizeAddress('2001:DB8::1')).toBe('2001:db8::1');
    expect(normalizeAddress('192.0.2.1')).toBe('192.0.2.1');
    expect(normalizeAddress('mx.example.test')).toBeUndefined();
    expect(localAddresses().has('127.0.0.1')).toBe(true);
  });
});

describe.each(databases)('IP pools on $name', (database) => {
  const t = useTestApp(database);
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;
  // The tests' keys lack ip_pools/manage: a console session holds every grant.
  const as = (account: EngineAccount) => ({ authorization: `Bearer ${account.token}` });

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'pools-a');
    b = await engineAccount(t.app, t.db, 'pools-b');
  });

  it('creates, reads, lists, updates and deletes a pool of local addresses', async () => {
    const created = await call(
      a,
      'POST',
      '/ip-pools',
      { name: 'Marketing IP Pool', signing_domain: 'acme.test', ips: ['127.0.0.1'] },
      as(a),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ results: { id: 'marketing_ip_pool' } });

    const again = await call(a, 'POST', '/ip-pools', { name: 'Marketing IP Pool' }, as(a));
    expect(again.json()).toEqual({ results: { id: 'marketing_ip_pool_2' } });

    const read = await call(a, 'GET', '/ip-pools/Marketing_IP_Pool', undefined, as(a));
    expect(read.statusCode).toBe(200);
    expect(read.json().results).toEqual({
      id: 'marketing_ip_pool',
      name: 'Marketing IP Pool',
      signing_domain: 'acme.test',
      ips: [{ external_ip: '127.0.0.1', hostname: t.config.smtp.hostname, auto_warmup_enabled: false }],
    });

    const list = await call(a, 'GET', '/ip-pools', undefined, as(a));
    expect(list.json().results.map((pool: { id: string }) => pool.id)).toEqual([
      'marketing_ip_pool',
      'marketing_ip_pool_2',
      'default',
    ]);

    const updated = await call(
      a,
      'PUT',
      '/ip-pools/marketing_ip_pool',
      {
        name: 'Updated Marketing Pool',
        signing_domain: '',
        auto_warmup_overflow_pool: 'marketing_ip_pool_2',
      },
      as(a),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().results).toMatchObject({
      id: 'marketing_ip_pool',
      name: 'Updated Marketing Pool',
      auto_warmup_overflow_pool: 'marketing_ip_pool_2',
    });
    expect(updated.json().results).not.toHaveProperty('signing_domain');
    expect(await t.engine.addressesOf(a.companyId, 0, 'MARKETING_IP_POOL')).toEqual(['127.0.0.1']);

    const deleted = await call(a, 'DELETE', '/ip-pools/marketing_ip_pool', undefined, as(a));
    expect(deleted.statusCode).toBe(204);
    const gone = await call(a, 'GET', '/ip-pools/marketing_ip_pool', undefined, as(a));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().errors[0].message).toBe('IP pool not found.');
    expect(await t.engine.addressesOf(a.companyId, 0, 'marketing_ip_pool')).toEqual([]);
  });

  it('refuses addresses this machine does not have, or that another pool holds', async () => {
    const foreign = await call(a, 'POST', '/ip-pools', { name: 'Foreign', ips: ['192.0.2.77'] }, as(a));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].message).toMatch(/192\.0\.2\.77 is not configured on this server/);
    const notIp = await call(
      a,
      'POST',
      '/ip-pools',
      { name: 'Bad', ips: [{ external_ip: 'mx.test' }] },
      as(a),
    );
    expect(notIp.statusCode).toBe(400);

    await call(a, 'POST', '/ip-pools', { name: 'Holder', ips: [{ external_ip: '127.0.0.1' }] }, as(a));
    const taken = await call(a, 'POST', '/ip-pools', { name: 'Second', ips: ['127.0.0.1'] }, as(a));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0].message).toBe('IP 127.0.0.1 is already in IP Pool holder.');
    // Another company shares the machine: its pools may use the same address.
    const other = await call(b, 'POST', '/ip-pools', { name: 'Holder', ips: ['127.0.0.1'] }, as(b));
    expect(other.statusCode).toBe(200);
    // Deleting the pool frees its address.
    expect((await call(a, 'DELETE', '/ip-pools/holder', undefined, as(a))).statusCode).toBe(204);
    const freed = await call(a, 'POST', '/ip-pools', { name: 'Second', ips: ['127.0.0.1'] }, as(a));
    expect(freed.statusCode).toBe(200);
    await call(a, 'DELETE', '/ip-pools/second', undefined, as(a));
  });

  it('answers with the blueprint errors for the default pool, missing pools and overflow rules', async () => {
    const updateDefault = await call(a, 'PUT', '/ip-pools/default', { name: 'Mine' }, as(a));
    expect(updateDefault.statusCode).toBe(400);
    expect(updateDefault.json().errors[0].message).toBe('IP Pool default is reserved and cannot be updated.');
    const deleteDefault = await call(a, 'DELETE', '/ip-pools/default', undefined, as(a));
    expect(deleteDefault.json().errors[0].message).toBe('IP Pool default is reserved.');
    const missing = await call(a, 'PUT', '/ip-pools/not_a_real_pool', { name: 'x' }, as(a));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].message).toBe('IP Pool not_a_real_pool does not exist.');
    const deleteMissing = await call(a, 'DELETE', '/ip-pools/marketing', undefined, as(a));
    expect(deleteMissing.json().errors[0].message).toBe('IP Pool marketing does not exist.');
    const noOverflow = await call(
      a,
      'POST',
      '/ip-pools',
      { name: 'Warm', auto_warmup_overflow_pool: 'overflow_pool' },
      as(a),
    );
    expect(noOverflow.json().errors[0].message).toBe(
      'Auto Warmup Overflow Pool overflow_pool does not exist.',
    );
    const noName = await call(a, 'POST', '/ip-pools', {}, as(a));
    expect(noName.statusCode).toBe(400);
    const defaultPool = await call(a, 'GET', '/ip-pools/default', undefined, as(a));
    expect(defaultPool.json().results).toEqual({ id: 'default', name: 'Default', ips: [] });
  });

  it("keeps each company's pools to itself and subaccounts out of the API", async () => {
    await call(a, 'POST', '/ip-pools', { name: 'Private A' }, as(a));
    expect((await call(b, 'GET', '/ip-pools/private_a', undefined, as(b))).statusCode).toBe(404);
    expect((await call(b, 'PUT', '/ip-pools/private_a', { name: 'Taken' }, as(b))).statusCode).toBe(404);
    expect((await call(b, 'DELETE', '/ip-pools/private_a', undefined, as(b))).statusCode).toBe(404);
    const listB = await call(b, 'GET', '/ip-pools', undefined, as(b));
    expect(listB.json().results.map((pool: { id: string }) => pool.id)).not.toContain('private_a');
    expect((await call(a, 'GET', '/ip-pools/private_a', undefined, as(a))).statusCode).toBe(200);

    const sub = await subaccountWithKey(t.app, a, 'pools-sub');
    const asSub = await call(a, 'GET', '/ip-pools', undefined, sub.key);
    expect(asSub.statusCode).toBe(403);
    const onBehalf = await call(a, 'GET', '/ip-pools', undefined, { ...as(a), subaccount: sub.id });
    expect(onBehalf.statusCode).toBe(403);
    // A key without the grant may not manage pools.
    expect((await call(a, 'GET', '/ip-pools')).statusCode).toBe(403);
  });

  it('lists sending IPs with their pool and moves one between pools', async () => {
    const ipOf = async (account: EngineAccount) => {
      const list = await call(account, 'GET', '/sending-ips', undefined, as(account));
      expect(list.statusCode).toBe(200);
      return list.json().results.find((ip: { external_ip: string }) => ip.external_ip === '127.0.0.1');
    };
    expect(await ipOf(a)).toEqual({
      external_ip: '127.0.0.1',
      hostname: t.config.smtp.hostname,
      ip_pool: 'default',
      auto_warmup_enabled: false,
    });
    await call(a, 'POST', '/ip-pools', { name: 'Move From', ips: ['127.0.0.1'] }, as(a));
    await call(a, 'POST', '/ip-pools', { name: 'Move To' }, as(a));
    expect((await ipOf(a)).ip_pool).toBe('move_from');

    const moved = await call(a, 'PUT', '/sending-ips/127.0.0.1', { ip_pool: 'Move_To' }, as(a));
    expect(moved.json()).toEqual({ results: { message: 'Updated IP.' } });
    expect((await ipOf(a)).ip_pool).toBe('move_to');
    const from = await call(a, 'GET', '/ip-pools/move_from', undefined, as(a));
    expect(from.json().results.ips).toEqual([]);
    // Company B's view of the same address is its own.
    expect((await ipOf(b)).ip_pool).not.toBe('move_to');

    const back = await call(a, 'PUT', '/sending-ips/127.0.0.1', { ip_pool: 'default' }, as(a));
    expect(back.statusCode).toBe(200);
    expect((await ipOf(a)).ip_pool).toBe('default');

    const noPool = await call(a, 'PUT', '/sending-ips/127.0.0.1', { ip_pool: 'nope' }, as(a));
    expect(noPool.statusCode).toBe(404);
    expect(noPool.json().errors[0].message).toBe('IP Pool nope does not exist.');
    const foreign = await call(a, 'PUT', '/sending-ips/192.0.2.77', { ip_pool: 'move_to' }, as(a));
    expect(foreign.statusCode).toBe(404);
    expect((await call(a, 'GET', '/sending-ips')).statusCode).toBe(403);
    await call(a, 'DELETE', '/ip-pools/move_from', undefined, as(a));
    await call(a, 'DELETE', '/ip-pools/move_to', undefined, as(a));
  });

  it("restricts a subaccount's mail to its assigned pool", async () => {
    const pool = await call(a, 'POST', '/ip-pools', { name: 'Sub Pool', ips: ['127.0.0.1'] }, as(a));
    expect(pool.statusCode).toBe(200);
    await call(b, 'POST', '/ip-pools', { name: 'Sub Pool' }, as(b));
    const restricted = await call(a, 'POST', '/subaccounts', {
      name: 'Restricted',
      ip_pool: 'sub_pool',
      setup_api_key: false,
    });
    const free = await call(a, 'POST', '/subaccounts', { name: 'Free', setup_api_key: false });
    const restrictedId = restricted.json().results.subaccount_id as number;
    const freeId = free.json().results.subaccount_id as number;
    expect(await t.engine.addressesOf(a.companyId, restrictedId, '')).toEqual(['127.0.0.1']);
    expect(await t.engine.addressesOf(a.companyId, restrictedId, 'default')).toEqual(['127.0.0.1']);
    expect(await t.engine.addressesOf(a.companyId, freeId, '')).toEqual([]);
    expect(await t.engine.addressesOf(a.companyId, freeId, 'sub_pool')).toEqual(['127.0.0.1']);
    // Company B's pool of the same id has no address; B never reaches A's.
    expect(await t.engine.addressesOf(b.companyId, 0, 'sub_pool')).toEqual([]);
  });

  it('refuses a transmission naming a pool the company does not have', async () => {
    await call(a, 'POST', '/ip-pools', { name: 'Sending' }, as(a));
    const transmission = (ipPool: string) => ({
      options: { ip_pool: ipPool },
      recipients: [{ address: 'someone@dest.test' }],
      content: { from: 'shop@acme.test', subject: 'Hi', text: 'Hi' },
    });
    const unknown = await call(a, 'POST', '/transmissions', transmission('nope'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({
      message: 'Subresource not found',
      code: '1603',
      description: "ip_pool 'nope' does not exist",
    });
    const ofOtherCompany = await call(b, 'POST', '/transmissions', transmission('sending'));
    expect(ofOtherCompany.statusCode).toBe(422);
    for (const known of ['Sending', 'default']) {
      const accepted = await call(a, 'POST', '/transmissions', transmission(known));
      expect(accepted.statusCode).toBe(200);
    }
  });
});
