import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-server.ts';
import { type EngineAccount, engineAccount, engineCaller, subaccountWithKey } from '../../testing/engine.ts';

const publicUrl = 'https://console.platform.test';
const trackingHost = 'console.platform.test';

describe.each(databases)('tracking domains on $name', (database) => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer();
  });
  afterAll(async () => {
    await dns.close();
  });
  const t = useTestApp(database, () => ({ config: { dnsServers: [dns.address], publicUrl } }));
  const call = engineCaller(t);
  let a: EngineAccount;
  let b: EngineAccount;

  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'tracking-a');
    b = await engineAccount(t.app, t.db, 'tracking-b');
  });

  it('creates, lists and shows a domain as SparkPost does, with the CNAME record to publish', async () => {
    const created = await call(a, 'POST', '/tracking-domains', { domain: 'Click.Acme.test', secure: true });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ results: { domain: 'click.acme.test' } });

    const shown = await call(a, 'GET', '/tracking-domains/CLICK.acme.test');
    expect(shown.statusCode).toBe(200);
    expect(shown.json().results).toEqual({
      domain: 'click.acme.test',
      port: 443,
      secure: true,
      default: false,
      status: {
        verified: false,
        cname_status: 'unverified',
        compliance_status: 'valid',
        tls_status: 'unknown',
      },
      uses_managed_certificate: false,
      dns: { cname_record: 'click.acme.test', cname_value: trackingHost },
    });

    await call(a, 'POST', '/tracking-domains', { domain: 'plain.acme.test' });
    const listed = (await call(a, 'GET', '/tracking-domains')).json().results;
    expect(listed).toEqual([
      expect.objectContaining({ domain: 'click.acme.test', port: 443 }),
      {
        domain: 'plain.acme.test',
        port: 80,
        secure: false,
        default: false,
        status: {
          verified: false,
          cname_status: 'unverified',
          compliance_status: 'valid',
          tls_status: 'unknown',
        },
        uses_managed_certificate: false,
      },
    ]);
  });

  it('refuses a bad name, a name twice and a default before verification', async () => {
    const bad = await call(a, 'POST', '/tracking-domains', { domain: 'baddomain' });
    expect(bad.statusCode).toBe(422);
    const twice = await call(a, 'POST', '/tracking-domains', { domain: 'click.acme.test' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({ description: 'The tracking domain already exists' });
    const asDefault = await call(a, 'POST', '/tracking-domains', {
      domain: 'early.acme.test',
      default: true,
    });
    expect(asDefault.statusCode).toBe(422);
    const unverified = await call(a, 'PUT', '/tracking-domains/plain.acme.test', { default: true });
    expect(unverified.statusCode).toBe(422);
    expect(unverified.json().errors[0].description).toMatch(
      /^Tracking domain 'plain.acme.test' unverified\./,
    );
    const missing = await call(a, 'GET', '/tracking-domains/none.acme.test');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0]).toMatchObject({ message: 'resource not found' });
  });

  it('verifies the CNAME against DNS and says why it fails: missing, pointing elsewhere', async () => {
    const missing = await call(a, 'POST', '/tracking-domains/click.acme.test/verify');
    expect(missing.statusCode, missing.body).toBe(200);
    expect(missing.json().results).toEqual({
      verified: false,
      cname_status: 'invalid',
      compliance_status: 'valid',
      tls_status: 'unknown',
      dns: {
        cname_record: 'click.acme.test',
        cname_value: trackingHost,
        cname_error: `DNS record not found. Please add a CNAME record click.acme.test pointing to ${trackingHost} and try again.`,
      },
    });

    dns.set('click.acme.test', { CNAME: 'spgo.io' });
    const elsewhere = (await call(a, 'POST', '/tracking-domains/click.acme.test/verify')).json().results;
    expect(elsewhere.dns.cname_error).toBe(
      `The CNAME record click.acme.test points to spgo.io, not ${trackingHost}`,
    );
    expect(elsewhere.dns.cname_found).toBe('spgo.io');
    // The reason stays on the domain until the next check.
    const shown = (await call(a, 'GET', '/tracking-domains/click.acme.test')).json().results;
    expect(shown.dns.cname_error).toBe(elsewhere.dns.cname_error);

    dns.set('click.acme.test', { CNAME: `${trackingHost}.` });
    const valid = (await call(a, 'POST', '/tracking-domains/click.acme.test/verify')).json().results;
    expect(valid).toEqual({
      verified: true,
      cname_status: 'valid',
      compliance_status: 'valid',
      tls_status: 'unknown',
      dns: { cname_record: 'click.acme.test', cname_value: trackingHost },
    });
  });

  it('makes a verified domain the default, one per account; a failed check takes the default away', async () => {
    const updated = await call(a, 'PUT', '/tracking-domains/click.acme.test', {
      default: true,
      secure: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ results: { domain: 'click.acme.test' } });
    dns.set('other.acme.test', { CNAME: trackingHost });
    await call(a, 'POST', '/tracking-domains', { domain: 'other.acme.test' });
    await call(a, 'POST', '/tracking-domains/other.acme.test/verify');
    await call(a, 'PUT', '/tracking-domains/other.acme.test', { default: true });
    const defaults = (await call(a, 'GET', '/tracking-domains?default=true')).json().results;
    expect(defaults.map((domain: { domain: string }) => domain.domain)).toEqual(['other.acme.test']);
    const others = (await call(a, 'GET', '/tracking-domains?default=false')).json().results;
    expect(others.map((domain: { domain: string }) => domain.domain)).toContain('click.acme.test');

    dns.remove('other.acme.test');
    await call(a, 'POST', '/tracking-domains/other.acme.test/verify');
    const after = (await call(a, 'GET', '/tracking-domains/other.acme.test')).json().results;
    expect(after).toMatchObject({ default: false, status: { cname_status: 'invalid', verified: false } });
  });

  it('another company cannot see, verify, change or delete the domain, nor take over a verified name', async () => {
    for (const [method, url, body] of [
      ['GET', '/tracking-domains/click.acme.test', undefined],
      ['POST', '/tracking-domains/click.acme.test/verify', undefined],
      ['PUT', '/tracking-domains/click.acme.test', { secure: true }],
      ['DELETE', '/tracking-domains/click.acme.test', undefined],
    ] as const) {
      const response = await call(b, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().errors[0].description).toBe("Tracking domain 'click.acme.test' does not exist");
    }
    expect((await call(b, 'GET', '/tracking-domains')).json().results).toEqual([]);

    // B may register the same name, but the CNAME cannot show it is B's: A verified it first.
    expect((await call(b, 'POST', '/tracking-domains', { domain: 'click.acme.test' })).statusCode).toBe(200);
    const taken = (await call(b, 'POST', '/tracking-domains/click.acme.test/verify')).json().results;
    expect(taken).toMatchObject({ verified: false, cname_status: 'invalid' });
    expect(taken.dns.cname_error).toBe(
      'click.acme.test is already verified as a tracking domain by another account',
    );
    const mine = (await call(a, 'GET', '/tracking-domains/click.acme.test')).json().results;
    expect(mine.status.verified).toBe(true);
  });

  it('scopes by subaccount: a subaccount sees and changes only its own; the master sees and filters all', async () => {
    const sub = await subaccountWithKey(t.app, a, 'tracking-sub', ['tracking_domains/manage']);
    const own = await call(a, 'POST', '/tracking-domains', { domain: 'sub.acme.test' }, sub.key);
    expect(own.statusCode, own.body).toBe(200);
    const seen = (await call(a, 'GET', '/tracking-domains', undefined, sub.key)).json().results;
    expect(seen.map((domain: { domain: string }) => domain.domain)).toEqual(['sub.acme.test']);
    expect(seen[0].subaccount_id).toBe(sub.id);
    expect((await call(a, 'GET', '/tracking-domains/click.acme.test', undefined, sub.key)).statusCode).toBe(
      404,
    );
    expect(
      (await call(a, 'DELETE', '/tracking-domains/click.acme.test', undefined, sub.key)).statusCode,
    ).toBe(404);

    const all = (await call(a, 'GET', '/tracking-domains')).json().results;
    expect(all.map((domain: { domain: string }) => domain.domain)).toContain('sub.acme.test');
    const onlySub = (await call(a, 'GET', `/tracking-domains?subaccounts=${sub.id}`)).json().results;
    expect(onlySub.map((domain: { domain: string }) => domain.domain)).toEqual(['sub.acme.test']);
    const onlyMaster = (await call(a, 'GET', '/tracking-domains?subaccounts=0')).json().results;
    expect(onlyMaster.map((domain: { domain: string }) => domain.domain)).not.toContain('sub.acme.test');
    // The master acting for the subaccount (X-MSYS-SUBACCOUNT) sees what the subaccount sees.
    const asSub = (await call(a, 'GET', '/tracking-domains', undefined, { subaccount: sub.id })).json()
      .results;
    expect(asSub.map((domain: { domain: string }) => domain.domain)).toEqual(['sub.acme.test']);
    expect((await call(a, 'GET', '/tracking-domains?subaccounts=x')).statusCode).toBe(422);
  });

  it('needs tracking_domains/view to read and tracking_domains/manage to change', async () => {
    const viewer = await call(a, 'POST', '/api-keys', { label: 'view', grants: ['tracking_domains/view'] });
    const key = { authorization: viewer.json().results.key as string };
    expect((await call(a, 'GET', '/tracking-domains', undefined, key)).statusCode).toBe(200);
    expect((await call(a, 'GET', '/tracking-domains/click.acme.test', undefined, key)).statusCode).toBe(200);
    expect((await call(a, 'POST', '/tracking-domains', { domain: 'no.acme.test' }, key)).statusCode).toBe(
      403,
    );
    expect(
      (await call(a, 'POST', '/tracking-domains/click.acme.test/verify', undefined, key)).statusCode,
    ).toBe(403);
    const none = await call(a, 'POST', '/api-keys', { label: 'none', grants: ['transmissions/modify'] });
    const noKey = { authorization: none.json().results.key as string };
    expect((await call(a, 'GET', '/tracking-domains', undefined, noKey)).statusCode).toBe(403);
  });

  it('deletes a domain: 204, then 404', async () => {
    expect((await call(a, 'DELETE', '/tracking-domains/PLAIN.acme.test')).statusCode).toBe(204);
    expect((await call(a, 'GET', '/tracking-domains/plain.acme.test')).statusCode).toBe(404);
    expect((await call(a, 'DELETE', '/tracking-domains/plain.acme.test')).statusCode).toBe(404);
  });

  // Last: it stops the DNS server the app resolves through.
  it('a check DNS does not answer keeps the domain verified and default, and says the look-up failed', async () => {
    dns.set('kept.acme.test', { CNAME: trackingHost });
    await call(a, 'POST', '/tracking-domains', { domain: 'kept.acme.test' });
    await call(a, 'POST', '/tracking-domains/kept.acme.test/verify');
    await call(a, 'PUT', '/tracking-domains/kept.acme.test', { default: true });
    await dns.close();
    const check = await call(a, 'POST', '/tracking-domains/kept.acme.test/verify');
    expect(check.statusCode, check.body).toBe(200);
    const after = (await call(a, 'GET', '/tracking-domains/kept.acme.test')).json().results;
    expect(after).toMatchObject({ default: true, status: { cname_status: 'valid', verified: true } });
    expect(after.dns.cname_error).toMatch(/DNS query for the CNAME record of kept.acme.test failed/);
    dns = await startTestDnsServer();
  });
});
