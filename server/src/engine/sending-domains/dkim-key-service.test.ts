import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';
import { useTestDnsServer } from '../../testing/test-dns.ts';
import { maxDkimKeysPerDomain } from './dkim-key-store.ts';

const spki = (key: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
  (key.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');

describe.each(databases)('DKIM keys of a sending domain on $name', (database) => {
  const dns = useTestDnsServer();
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address] } }));
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;
  const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const own = {
    private: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    public: spki(pair.publicKey),
  };

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'dkim-keys-a');
    b = await engineAccount(t.app, t.db, 'dkim-keys-b');
    for (const domain of ['rotate.test', 'limits.test']) {
      const created = await call(a, 'POST', '/sending-domains', { domain, dkim_key_length: 1024 });
      expect(created.statusCode, created.body).toBe(200);
    }
  });

  /** Publishes a key's record as its GET asks, then verifies it. */
  async function publishAndVerify(domain: string, id: string) {
    const { dns: record } = (await call(a, 'GET', `/sending-domains/${domain}/dkim-keys/${id}`)).json()
      .results;
    dns.set(record.dkim_record, { TXT: [record.dkim_value] });
    const verified = await call(a, 'POST', `/sending-domains/${domain}/dkim-keys/${id}/verify`, {});
    expect(verified.json().results.dkim_status).toBe('valid');
    return record as { dkim_record: string; dkim_value: string };
  }

  it('signs with the key options.dkim_key names only once it is verified, else with the domain’s own key', async () => {
    const created = await call(a, 'POST', '/sending-domains/rotate.test/dkim-keys', {
      id: 'next',
      dkim_key_length: 1024,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { selector } = created.json().results;
    expect(selector).toMatch(/^next\d{4}$/);
    // The private half never leaves the server.
    for (const response of [
      created,
      await call(a, 'GET', '/sending-domains/rotate.test/dkim-keys'),
      await call(a, 'GET', '/sending-domains/rotate.test/dkim-keys/next'),
    ]) {
      expect(response.body).not.toMatch(/PRIVATE|"private"/);
    }
    // Neither key is verified yet: nothing signs.
    expect(await t.engine.signingKeyFor(a.companyId, 0, 'rotate.test', 'next')).toBeUndefined();
    expect(await t.engine.send.dkimKeyUse(a.companyId, 0, 'rotate.test', 'next')).toBe('unverified');

    await publishAndVerify('rotate.test', 'next');
    // Each process's cache hears of the change at once: no stale "unverified".
    expect(await t.engine.send.dkimKeyUse(a.companyId, 0, 'rotate.test', 'next')).toBe('valid');
    expect(await t.engine.signingKeyFor(a.companyId, 0, 'Rotate.test', 'next')).toMatchObject({
      selector,
      signingDomain: 'rotate.test',
      privateKeyPem: expect.stringContaining('PRIVATE KEY'),
    });
    // Mail that names no key keeps the domain's own, which is not verified.
    expect(await t.engine.signingKeyFor(a.companyId, 0, 'rotate.test')).toBeUndefined();
    expect(await t.engine.send.dkimKeyUse(a.companyId, 0, 'rotate.test', 'default')).toBe('unverified');
    expect(await t.engine.send.dkimKeyUse(a.companyId, 0, 'rotate.test', 'other')).toBe('missing');
    expect(await t.engine.send.dkimKeyUse(b.companyId, 0, 'rotate.test', 'next')).toBe('missing');

    // The named key deleted after a message was accepted: the domain's own key signs (once verified).
    const domainRecord = (await call(a, 'GET', '/sending-domains/rotate.test')).json().results.dns;
    dns.set(domainRecord.dkim_record, { TXT: [domainRecord.dkim_value] });
    await call(a, 'POST', '/sending-domains/rotate.test/verify', { dkim_verify: true });
    expect((await call(a, 'DELETE', '/sending-domains/rotate.test/dkim-keys/next')).statusCode).toBe(204);
    expect(await t.engine.signingKeyFor(a.companyId, 0, 'rotate.test', 'next')).toMatchObject({
      selector: domainRecord.dkim_record.split('.')[0],
    });
  });

  it("keeps keys to their company and account: another company's 404, the master's shared domain read-only to a subaccount", async () => {
    await call(a, 'POST', '/sending-domains/rotate.test/dkim-keys', { id: 'mine', dkim_key_length: 1024 });
    const path = '/sending-domains/rotate.test/dkim-keys';
    expect((await call(b, 'GET', path)).statusCode).toBe(404);
    expect((await call(b, 'GET', `${path}/mine`)).statusCode).toBe(404);
    expect((await call(b, 'POST', path, { id: 'theirs' })).statusCode).toBe(404);
    expect((await call(b, 'POST', `${path}/mine/verify`, {})).statusCode).toBe(404);
    expect((await call(b, 'PUT', `${path}/mine`, { headers: 'from' })).statusCode).toBe(404);
    expect((await call(b, 'DELETE', `${path}/mine`)).statusCode).toBe(404);
    expect((await call(a, 'GET', `${path}/mine`)).statusCode).toBe(200);

    // acme.test is the master's, shared with its subaccounts (the fixtures).
    const shop = await subaccountWithKey(t.app, a, 'Key shop', ['sending_domains/manage']);
    const shared = '/sending-domains/acme.test/dkim-keys';
    expect((await call(a, 'GET', shared, undefined, shop.key)).statusCode).toBe(200);
    const refused = await call(a, 'POST', shared, { id: 'sub' }, shop.key);
    expect(refused.statusCode).toBe(403);
    expect((await call(a, 'DELETE', `${shared}/default`, undefined, shop.key)).statusCode).toBe(403);
  });

  it('checks a key the caller supplies: RSA, unencrypted, 1024 to 4096 bits, its public half; in the keys API’s words', async () => {
    const path = '/sending-domains/limits.test/dkim-keys';
    const refusal = async (body: Record<string, unknown>) => {
      const response = await call(a, 'POST', path, { id: 'supplied', selector: 'supplied', ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ message: 'invalid params', code: '1300' });
      return response.json().errors[0].description as string;
    };
    const small = generateKeyPairSync('rsa', { modulusLength: 512 });
    expect(
      await refusal({
        private: small.privateKey.export({ type: 'pkcs8', format: 'pem' }),
        public: spki(small.publicKey),
      }),
    ).toBe('private must be 1024 to 4096 bits long, not 512');
    const encrypted = pair.privateKey.export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'secret',
    });
    expect(await refusal({ private: encrypted, public: own.public })).toMatch(
      /^private is not an unencrypted RSA private key/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect(
      await refusal({ private: ec.privateKey.export({ type: 'pkcs8', format: 'pem' }), public: own.public }),
    ).toBe('private must be an RSA key');
    const other = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(await refusal({ private: own.private, public: spki(other.publicKey) })).toBe(
      'public is not the public key of private',
    );
    expect(await refusal({ ...own, signing_domain: 'elsewhere.test' })).toBe(
      'signing_domain must be limits.test, one of its subdomains or a parent domain',
    );
    // The domain's own record: another key there would replace the published one.
    const { selector } = (await call(a, 'GET', `${path}/default`)).json().results;
    expect(await refusal({ ...own, selector })).toBe(
      `Selector '${selector}' at 'limits.test' is already used by DKIM key 'default'`,
    );
    expect((await call(a, 'GET', `${path}/supplied`)).statusCode).toBe(404);
  });

  it('PUT: headers keep the status; a new signing domain or key pair starts unverified; the record must be free', async () => {
    const path = '/sending-domains/limits.test/dkim-keys';
    expect((await call(a, 'POST', path, { id: 'first', ...own, selector: 'first' })).statusCode).toBe(200);
    expect((await call(a, 'POST', path, { id: 'second', ...own, selector: 'second' })).statusCode).toBe(200);
    await publishAndVerify('limits.test', 'first');
    const headers = await call(a, 'PUT', `${path}/first`, { headers: 'from:subject' });
    expect(headers.json().results).toMatchObject({ headers: 'from:subject', dkim_status: 'valid' });
    const clash = await call(a, 'PUT', `${path}/second`, { ...own, selector: 'first' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().errors[0].description).toBe(
      "Selector 'first' at 'limits.test' is already used by DKIM key 'first'",
    );
    // Nor may the domain's own key move onto another key's record.
    const onto = await call(a, 'PUT', '/sending-domains/limits.test', {
      dkim: { ...own, selector: 'second' },
    });
    expect(onto.statusCode).toBe(422);
    expect(onto.json().errors[0].description).toBe(
      "dkim.selector 'second' at 'limits.test' is the record of DKIM key 'second': choose another selector",
    );
    const moved = await call(a, 'PUT', `${path}/first`, { signing_domain: 'mail.limits.test' });
    expect(moved.json().results).toMatchObject({
      signing_domain: 'mail.limits.test',
      dkim_status: 'unverified',
      dns: { dkim_record: 'first._domainkey.mail.limits.test' },
    });
  });

  it(`refuses a key past the ${maxDkimKeysPerDomain} a domain may have, and deletes the keys with their domain`, async () => {
    const store = t.engine.sendingDomains.dkimKeys;
    const held = (await store.list(a.companyId, 'limits.test')).length;
    for (let index = held; index < maxDkimKeysPerDomain; index += 1) {
      const written = await store.create(a.companyId, 'limits.test', {
        id: `bulk${index}`,
        selector: `bulk${index}`,
        signingDomain: 'limits.test',
        headers: 'from:to:subject:date',
        publicKey: own.public,
        privateKeyPem: own.private,
      });
      expect(written.outcome).toBe('done');
    }
    const over = await call(a, 'POST', '/sending-domains/limits.test/dkim-keys', {
      id: 'one-more',
      ...own,
      selector: 'onemore',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].description).toBe(
      "Domain 'limits.test' already has the most DKIM keys it may have (256)",
    );
    const listed = (await call(a, 'GET', '/sending-domains/limits.test/dkim-keys')).json();
    expect(listed.total_count).toBe(maxDkimKeysPerDomain + 1);

    expect((await call(a, 'DELETE', '/sending-domains/limits.test')).statusCode).toBe(204);
    expect(await store.list(a.companyId, 'limits.test')).toEqual([]);
  });
});
