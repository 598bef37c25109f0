import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { startTestDnsServer } from '../../testing/dns-server.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';
import { useTestDnsServer } from '../../testing/test-dns.ts';

const platformHost = 'mx.platform.test';

describe.each(databases)('sending domains on $name', (database) => {
  const dns = useTestDnsServer();
  const t = useTestApp(database, () => ({
    config: { dnsServers: [dns.address], smtp: { ...testConfig().smtp, hostname: platformHost } },
  }));
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'domains-a');
    b = await engineAccount(t.app, t.db, 'domains-b');
  });

  /** Publishes the records GET one asks for (DKIM, CNAME, SPF, DMARC) on the test DNS server. */
  async function publish(account: EngineAccount, domain: string): Promise<Record<string, string>> {
    const shown = (await call(account, 'GET', `/sending-domains/${domain}`)).json().results.dns;
    dns.set(shown.dkim_record, { TXT: [shown.dkim_value] });
    dns.set(domain, { CNAME: shown.cname_value });
    dns.set(`_dmarc.${domain}`, { TXT: [shown.dmarc_value] });
    return shown;
  }

  it('creates a domain with a 2048-bit key pair and answers as SparkPost does; the private key is never shown', async () => {
    const created = await call(a, 'POST', '/sending-domains', { domain: 'Mail.Created.test' });
    expect(created.statusCode, created.body).toBe(200);
    const { results } = created.json();
    expect(results).toEqual({
      message: 'Successfully Created domain.',
      domain: 'mail.created.test',
      dkim: {
        signing_domain: 'mail.created.test',
        public: expect.stringMatching(/^MII[A-Za-z0-9+/=]+$/),
        selector: expect.stringMatching(/^scph\d{4}$/),
        headers: 'from:to:subject:date',
      },
    });
    const key = createPublicKey({
      key: Buffer.from(results.dkim.public, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(created.body).not.toMatch(/PRIVATE|private/);

    const shown = await call(a, 'GET', '/sending-domains/mail.created.test');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).not.toMatch(/PRIVATE|"private"/);
    expect(shown.json().results).toEqual({
      status: {
        ownership_verified: false,
        dkim_status: 'unverified',
        cname_status: 'unverified',
        mx_status: 'unverified',
        spf_status: 'unverified',
        dmarc_status: 'unverified',
        compliance_status: 'valid',
        abuse_at_status: 'unverified',
        postmaster_at_status: 'unverified',
        verification_mailbox_status: 'unverified',
      },
      dkim: results.dkim,
      shared_with_subaccounts: false,
      is_default_bounce_domain: false,
      creation_time: expect.any(String),
      dns: {
        dkim_record: `${results.dkim.selector}._domainkey.mail.created.test`,
        dkim_value: `v=DKIM1; k=rsa; h=sha256; p=${results.dkim.public}`,
        cname_record: 'mail.created.test',
        cname_value: platformHost,
        spf_record: 'mail.created.test',
        spf_value: `v=spf1 a:${platformHost} ~all`,
        dmarc_record: '_dmarc.mail.created.test',
        dmarc_value: 'v=DMARC1; p=none',
      },
    });
  });

  it('takes the caller’s own key pair when it matches, and refuses one that does not', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const publicKey = (pair.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
    const pkcs1 = (pair.privateKey.export({ type: 'pkcs1', format: 'der' }) as Buffer).toString('base64');
    const own = await call(a, 'POST', '/sending-domains', {
      domain: 'own-key.test',
      dkim: { private: pkcs1, public: publicKey, selector: 'hello_selector' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().results.dkim).toMatchObject({ public: publicKey, selector: 'hello_selector' });

    const other = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const mismatched = await call(a, 'POST', '/sending-domains', {
      domain: 'mismatch.test',
      dkim: {
        private: other.privateKey.export({ type: 'pkcs8', format: 'pem' }),
        public: publicKey,
        selector: 'sel',
      },
    });
    expect(mismatched.statusCode).toBe(422);
    expect(mismatched.json().errors[0]).toMatchObject({
      code: '1300',
      description: 'dkim.public is not the public key of dkim.private',
    });

    // A key published under a domain the caller owns proves nothing about another one.
    const elsewhere = await call(a, 'POST', '/sending-domains', {
      domain: 'bank.test',
      dkim: { private: pkcs1, public: publicKey, selector: 's1', signing_domain: 'attacker.test' },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors[0].description).toBe(
      'dkim.signing_domain must be bank.test, one of its subdomains or a parent domain',
    );
    const parent = await call(a, 'POST', '/sending-domains', {
      domain: 'mail.parent.test',
      dkim: { private: pkcs1, public: publicKey, selector: 's1', signing_domain: 'parent.test' },
    });
    expect(parent.statusCode, parent.body).toBe(200);
  });

  it('refuses a domain twice, a bad name and an unknown tracking domain in SparkPost’s words', async () => {
    await call(a, 'POST', '/sending-domains', { domain: 'twice.test' });
    const again = await call(a, 'POST', '/sending-domains', { domain: 'TWICE.test' });
    expect(again.statusCode).toBe(409);
    expect((await call(a, 'POST', '/sending-domains', { domain: 'not a domain' })).statusCode).toBe(422);
    const tracking = await call(a, 'POST', '/sending-domains', {
      domain: 't.test',
      tracking_domain: 'click.t.test',
    });
    expect(tracking.statusCode).toBe(400);
    expect(tracking.json().errors[0]).toEqual({
      message: 'invalid params',
      description: "Tracking domain 'click.t.test' is not a registered tracking domain",
      code: '1200',
    });
  });

  it('verifies DKIM, CNAME, SPF and DMARC against DNS and records each status', async () => {
    await call(a, 'POST', '/sending-domains', { domain: 'bounces.good.test' });
    const shown = await publish(a, 'bounces.good.test');
    // CNAME and TXT cannot share a name: the SPF check looks at the domain's TXT records, so serve them apart.
    const verifiedCname = await call(a, 'POST', '/sending-domains/bounces.good.test/verify', {
      dkim_verify: true,
      cname_verify: true,
      dmarc_verify: true,
    });
    expect(verifiedCname.statusCode, verifiedCname.body).toBe(200);
    expect(verifiedCname.json().results).toEqual({
      ownership_verified: true,
      dkim_status: 'valid',
      cname_status: 'valid',
      mx_status: 'unverified',
      spf_status: 'unverified',
      dmarc_status: 'valid',
      compliance_status: 'valid',
      abuse_at_status: 'unverified',
      postmaster_at_status: 'unverified',
      verification_mailbox_status: 'unverified',
      dns: {
        dkim_record: shown.dkim_record,
        dkim_value: shown.dkim_value,
        cname_record: 'bounces.good.test',
        cname_value: platformHost,
        dmarc_record: '_dmarc.bounces.good.test',
        dmarc_value: 'v=DMARC1; p=none',
      },
    });
    dns.set('bounces.good.test', { TXT: ['google-site-verification=x', shown.spf_value ?? ''] });
    const spf = await call(a, 'POST', '/sending-domains/bounces.good.test/verify', { spf_verify: true });
    expect(spf.json().results).toMatchObject({
      spf_status: 'valid',
      cname_status: 'valid',
      dns: { spf_record: 'bounces.good.test' },
    });
    expect(spf.json().results.dns.spf_error).toBeUndefined();

    const listed = await call(a, 'GET', '/sending-domains?cname_status=valid');
    expect(listed.json().results.map((domain: { domain: string }) => domain.domain)).toEqual([
      'bounces.good.test',
    ]);
    const verified = await call(a, 'GET', '/sending-domains?ownership_verified=true&dkim_status=valid');
    expect(verified.json().results.map((domain: { domain: string }) => domain.domain)).toContain(
      'bounces.good.test',
    );
  });

  it('says which record is wrong and why: missing, another key, another target, no SPF, no DMARC', async () => {
    await call(a, 'POST', '/sending-domains', { domain: 'bad.test' });
    const missing = await call(a, 'POST', '/sending-domains/bad.test/verify', {
      dkim_verify: true,
      cname_verify: true,
      spf_verify: true,
      dmarc_verify: true,
    });
    const results = missing.json().results;
    expect(results).toMatchObject({
      ownership_verified: false,
      dkim_status: 'invalid',
      cname_status: 'invalid',
      spf_status: 'invalid',
      dmarc_status: 'invalid',
    });
    expect(results.dns.dkim_error).toMatch(
      /^DNS record not found\. Please add the TXT record scph\d{4}\._domainkey\.bad\.test/,
    );
    expect(results.dns.cname_error).toContain(
      `Please add a CNAME record bad.test pointing to ${platformHost}`,
    );
    expect(results.dns.spf_error).toContain(
      `No SPF record (TXT "v=spf1 ...") at bad.test. Please add v=spf1 a:${platformHost} ~all`,
    );
    expect(results.dns.dmarc_error).toContain('No DMARC record');

    const shown = results.dns;
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const otherPublic = (otherKey.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString(
      'base64',
    );
    dns.set(shown.dkim_record, { TXT: [`v=DKIM1; k=rsa; p=${otherPublic}`] });
    dns.set('bad.test', { TXT: ['v=spf1 include:_spf.elsewhere.test ~all'] });
    dns.set('_dmarc.bad.test', { TXT: ['v=DMARC1; rua=mailto:x@bad.test'] });
    const wrong = (
      await call(a, 'POST', '/sending-domains/bad.test/verify', {
        dkim_verify: true,
        spf_verify: true,
        dmarc_verify: true,
      })
    ).json().results;
    expect(wrong.dns.dkim_error).toBe(
      `The p= tag at ${shown.dkim_record} is not this domain's public key; publish ${shown.dkim_value}`,
    );
    expect(wrong.dns.spf_error).toBe(
      `The SPF record of bad.test ("v=spf1 include:_spf.elsewhere.test ~all") does not authorize ${platformHost}; add a:${platformHost}`,
    );
    expect(wrong.dns.dmarc_error).toBe(
      'The DMARC record at _dmarc.bad.test needs a p= tag of none, quarantine or reject',
    );
    // What was found beside what was asked for, for the console to show side by side.
    expect(wrong.dns.dkim_found).toBe(`v=DKIM1; k=rsa; p=${otherPublic}`);
    expect(wrong.dns.spf_found).toBe('v=spf1 include:_spf.elsewhere.test ~all');
    expect(wrong.dns.dmarc_found).toBe('v=DMARC1; rua=mailto:x@bad.test');
    expect(results.dns.spf_found).toBeUndefined();

    dns.set(shown.dkim_record, { TXT: ['v=DKIM1; k=rsa'] });
    dns.set('bad.test', { CNAME: 'someone-else.test' });
    const noKey = (
      await call(a, 'POST', '/sending-domains/bad.test/verify', { dkim_verify: true, cname_verify: true })
    ).json().results;
    expect(noKey.dns.dkim_error).toBe("DNS DKIM query error: 'v=DKIM1; k=rsa' is missing a p= tag");
    expect(noKey.dns.cname_error).toBe(
      `The CNAME record bad.test points to someone-else.test, not ${platformHost}`,
    );
    expect(noKey.dns.cname_found).toBe('someone-else.test');
  });

  it('says when DNS itself fails rather than blaming the record', async () => {
    const broken = await startTestDnsServer();
    await broken.close();
    const { createSendingDomainService } = await import('./sending-domain-service.ts');
    const { createDnsResolver } = await import('../../dns/resolver.ts');
    const service = createSendingDomainService({
      store: t.engine.sendingDomains,
      dns: createDnsResolver([broken.address], 200),
      platformHost,
      clock: t.clock,
    });
    await call(a, 'POST', '/sending-domains', { domain: 'dns-down.test' });
    const viewer = { companyId: a.companyId, subaccountId: 0, isMaster: true };
    const verification = await service.verify(viewer, 'dns-down.test', { dkim_verify: true });
    expect(verification.checks.dkim?.result).toEqual({
      status: 'invalid',
      lookupFailed: true,
      error: expect.stringMatching(
        /^DNS query for the TXT record of scph\d{4}\._domainkey\.dns-down\.test failed \(E[A-Z]+\)\. Please try again\.$/,
      ),
    });
    // The answer that never came changes nothing recorded: the domain keeps its last proven status.
    expect(verification.domain.dkimStatus).toBe('unverified');
  });

  it('takes a new DKIM key on PUT only once its record is in DNS (SparkPost’s 1404 otherwise)', async () => {
    await call(a, 'POST', '/sending-domains', { domain: 'rekey.test' });
    const pair = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const publicKey = (pair.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
    const dkim = {
      private: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }),
      public: publicKey,
      selector: 'rotated',
    };
    const refused = await call(a, 'PUT', '/sending-domains/rekey.test', { dkim });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toEqual({
      message: 'request to remote endpoint failed',
      code: '1404',
      description:
        'Unable to verify DKIM record of rekey.test. DNS record not found. Please add the TXT record rotated._domainkey.rekey.test and try again.',
    });
    dns.set('rotated._domainkey.rekey.test', { TXT: [`v=DKIM1; k=rsa; h=sha256; p=${publicKey}`] });
    const taken = await call(a, 'PUT', '/sending-domains/rekey.test', { dkim });
    expect(taken.statusCode, taken.body).toBe(200);
    const shown = (await call(a, 'GET', '/sending-domains/rekey.test')).json().results;
    expect(shown.dkim).toMatchObject({ selector: 'rotated', public: publicKey });
    expect(shown.status).toMatchObject({ dkim_status: 'valid', ownership_verified: true });
    expect(await t.engine.signingKeyFor(a.companyId, 0, 'rekey.test')).toMatchObject({ selector: 'rotated' });
  });

  it('makes a CNAME-verified domain the default bounce domain, one per account; not an unverified one', async () => {
    await call(a, 'POST', '/sending-domains', { domain: 'bounce-two.test' });
    const refused = await call(a, 'PUT', '/sending-domains/bounce-two.test', {
      is_default_bounce_domain: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(await t.engine.bounceDomainFor(a.companyId, 0, 'acme.test')).toBeUndefined();

    const made = await call(a, 'PUT', '/sending-domains/bounces.good.test', {
      is_default_bounce_domain: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toEqual({
      results: { message: 'Successfully Updated Domain.', domain: 'bounces.good.test' },
    });
    expect(await t.engine.bounceDomainFor(a.companyId, 0, 'acme.test')).toBe('bounces.good.test');
    const listed = await call(a, 'GET', '/sending-domains?is_default_bounce_domain=true');
    expect(listed.json().results).toEqual([
      expect.objectContaining({ domain: 'bounces.good.test', is_default_bounce_domain: true }),
    ]);
    // Another company, and the same company's subaccount without sharing, have none.
    expect(await t.engine.bounceDomainFor(b.companyId, 0, 'acme.test')).toBeUndefined();
  });

  it("refuses another account's CNAME as a bounce domain: only a DKIM record shows whose the name is", async () => {
    // a publishes its records for bounces.mine.test; its CNAME points at the platform, as every account's does.
    await call(a, 'POST', '/sending-domains', { domain: 'bounces.mine.test' });
    await publish(a, 'bounces.mine.test');
    const checks = { cname_verify: true, dkim_verify: true };
    const mine = await call(a, 'POST', '/sending-domains/bounces.mine.test/verify', checks);
    expect(mine.json().results).toMatchObject({ cname_status: 'valid', dkim_status: 'valid' });
    expect((await call(b, 'POST', '/sending-domains', { domain: 'bounces.mine.test' })).statusCode).toBe(200);
    const theirs = await call(b, 'POST', '/sending-domains/bounces.mine.test/verify', checks);
    expect(theirs.json().results).toMatchObject({ cname_status: 'valid', dkim_status: 'invalid' });
    const refused = await call(b, 'PUT', '/sending-domains/bounces.mine.test', {
      is_default_bounce_domain: true,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].description).toContain('its CNAME alone does not show it is yours');
    expect(await t.engine.bounceDomainFor(b.companyId, 0, 'acme.test')).toBeUndefined();
    for (const account of [a, b]) {
      expect((await call(account, 'DELETE', '/sending-domains/bounces.mine.test')).statusCode).toBe(204);
    }
  });

  it('gives the delivery workers only a DKIM-verified key, with its private half', async () => {
    const key = await t.engine.signingKeyFor(a.companyId, 0, 'Bounces.Good.test');
    expect(key).toEqual({
      signingDomain: 'bounces.good.test',
      selector: expect.stringMatching(/^scph/),
      privateKeyPem: expect.stringContaining('BEGIN PRIVATE KEY'),
    });
    expect(await t.engine.signingKeyFor(a.companyId, 0, 'bad.test')).toBeUndefined();
    expect(await t.engine.signingKeyFor(b.companyId, 0, 'bounces.good.test')).toBeUndefined();
  });

  it('another company cannot see, verify, change or delete the domain', async () => {
    for (const [method, url, body] of [
      ['GET', '/sending-domains/bounces.good.test', undefined],
      ['POST', '/sending-domains/bounces.good.test/verify', { dkim_verify: true }],
      ['PUT', '/sending-domains/bounces.good.test', { shared_with_subaccounts: true }],
      ['DELETE', '/sending-domains/bounces.good.test', undefined],
    ] as const) {
      const response = await call(b, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().errors[0]).toEqual({
        message: 'resource not found',
        code: '1600',
        description: "Domain 'bounces.good.test' does not exist",
      });
    }
    const listed = (await call(b, 'GET', '/sending-domains'))
      .json()
      .results.map((domain: { domain: string }) => domain.domain);
    expect(listed).not.toContain('bounces.good.test');
    expect((await call(a, 'GET', '/sending-domains/bounces.good.test')).statusCode).toBe(200);
  });

  it('scopes by subaccount: a subaccount sees its own and the master’s shared domains, and changes only its own', async () => {
    const sub = await subaccountWithKey(t.app, a, 'domains-sub', ['sending_domains/manage']);
    const own = await call(a, 'POST', '/sending-domains', { domain: 'sub-own.test' }, sub.key);
    expect(own.statusCode, own.body).toBe(200);
    const shared = await call(
      a,
      'POST',
      '/sending-domains',
      { domain: 'sub-share.test', shared_with_subaccounts: true },
      sub.key,
    );
    expect(shared.statusCode).toBe(422);
    await call(a, 'POST', '/sending-domains', {
      domain: 'master-shared.test',
      shared_with_subaccounts: true,
    });

    const seen = (await call(a, 'GET', '/sending-domains', undefined, sub.key)).json().results as Array<{
      domain: string;
      subaccount_id?: number;
    }>;
    const names = seen.map((domain) => domain.domain);
    expect(names).toContain('sub-own.test');
    expect(names).toContain('master-shared.test');
    expect(names).not.toContain('bounces.good.test');
    expect(seen.find((domain) => domain.domain === 'sub-own.test')?.subaccount_id).toBe(sub.id);

    const change = await call(
      a,
      'PUT',
      '/sending-domains/master-shared.test',
      { shared_with_subaccounts: false },
      sub.key,
    );
    expect(change.statusCode).toBe(403);
    expect(
      (await call(a, 'DELETE', '/sending-domains/master-shared.test', undefined, sub.key)).statusCode,
    ).toBe(403);
    // The master with X-MSYS-SUBACCOUNT acts as the subaccount.
    const asSub = (await call(a, 'GET', '/sending-domains', undefined, { subaccount: sub.id })).json()
      .results;
    expect(asSub.map((domain: { domain: string }) => domain.domain)).toContain('sub-own.test');
    // The same name in another account of the company is refused with SparkPost's 7004.
    const taken = await call(a, 'POST', '/sending-domains', { domain: 'sub-own.test' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({
      code: '7004',
      message: 'Domain in use by another account',
    });
  });

  it('needs the sending_domains/manage grant', async () => {
    const created = await call(a, 'POST', '/api-keys', {
      label: 'no domains',
      grants: ['transmissions/modify'],
    });
    const key = created.json().results.key as string;
    const refused = await call(a, 'GET', '/sending-domains', undefined, { authorization: key });
    expect(refused.statusCode).toBe(403);
  });

  it('deletes a domain: 204, then 404', async () => {
    const deleted = await call(a, 'DELETE', '/sending-domains/twice.test');
    expect(deleted.statusCode).toBe(204);
    expect((await call(a, 'GET', '/sending-domains/twice.test')).statusCode).toBe(404);
    expect((await call(a, 'DELETE', '/sending-domains/twice.test')).statusCode).toBe(404);
  });

  it('lists the company’s domains whose SPF is not verified on the console route', async () => {
    const response = await t.get('/v1/domain/sending/unverified-spf', a.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Array<{ domain: string }>;
    expect(data).toContainEqual({
      domain: 'bad.test',
      spf_status: 'invalid',
      subaccount_id: 0,
      spf_record: { name: 'bad.test', type: 'TXT', value: `v=spf1 a:${platformHost} ~all` },
    });
    expect(data.map((entry) => entry.domain)).not.toContain('bounces.good.test');
    const other = (await t.get('/v1/domain/sending/unverified-spf', b.token)).json().data as Array<{
      domain: string;
    }>;
    expect(other.map((entry) => entry.domain)).not.toContain('bad.test');
    expect((await t.app.inject({ method: 'GET', url: '/v1/domain/sending/unverified-spf' })).statusCode).toBe(
      401,
    );
  });
});
