import { connect } from 'node:tls';
import { beforeAll, describe, expect, it } from 'vitest';
import { listenSitesTls } from '../../../../http/site-tls.ts';
import { useTestApp } from '../../../../testing/app.ts';
import { databases } from '../../../../testing/databases.ts';
import { type EngineAccount, engineAccount } from '../../../../testing/engine.ts';
import { freeLocalPort, hasPebble, usePebble } from '../../../../testing/pebble.ts';
import { useTestDnsServer } from '../../../../testing/test-dns.ts';
import { createAcmeIssuer } from './acme-issuer.ts';
import { renewCertificates } from './issue-certificate.ts';

/** The certificate a TLS handshake with `servername` on `port` is answered with (undefined: refused). */
const handshake = (port: number, servername: string, ca: string) =>
  new Promise<{ subjectAltName: string; validTo: string } | undefined>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, servername, ca });
    socket.once('secureConnect', () => {
      const peer = socket.getPeerCertificate();
      socket.end();
      resolve({ subjectAltName: peer.subjectaltname ?? '', validTo: peer.valid_to });
    });
    socket.once('error', () => resolve(undefined));
  });

// §4 generate SSL against Let's Encrypt's ACME test server, when the machine has it (Debian "pebble").
describe.skipIf(!hasPebble).each(databases)('page domain certificates from Pebble on $name', (database) => {
  const dns = useTestDnsServer();
  let sitesPort = 0;
  let tlsPort = 0;
  beforeAll(async () => {
    sitesPort = await freeLocalPort();
    tlsPort = await freeLocalPort();
  });
  const pebble = usePebble({ dnsServer: () => dns.address, httpPort: () => sitesPort });
  const t = useTestApp(database, () => ({
    config: {
      dnsServers: [dns.address],
      sites: {
        port: sitesPort,
        url: `http://127.0.0.1:${sitesPort}`,
        acme: { directoryUrl: pebble.directoryUrl, caFile: pebble.caFile },
      },
    },
  }));
  let a: EngineAccount;
  beforeAll(async () => {
    a = await engineAccount(t.app, t.db, 'certified');
    await t.app.sites.listen({ host: '127.0.0.1', port: sitesPort });
    const tls = await listenSitesTls(t.app.sites, {
      host: '127.0.0.1',
      port: tlsPort,
      contextOf: t.app.sitesTls,
    });
    return () => new Promise<void>((done) => tls.close(() => done()));
  });

  it('issues a verified domain its certificate over HTTP-01 and serves it by SNI', async () => {
    const domain = 'www.certified-shop.test';
    const added = (await t.post('/v1/domains', a.token, { name: domain })).json().data;
    expect(added.ssl).toEqual({ status: 'none', expiresAt: null, available: true });
    const early = await t.post(`/v1/domains/${added.domainId}/ssl`, a.token, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Verify the domain before asking for its certificate');
    dns.set(added.verification.host, { TXT: [added.verification.value] });
    expect((await t.post(`/v1/domains/${added.domainId}/verify`, a.token, {})).statusCode).toBe(200);
    // The ACME server reaches the domain where DNS says it is: here.
    dns.set(domain, { A: ['127.0.0.1'] });

    const issued = await t.post(`/v1/domains/${added.domainId}/ssl`, a.token, {});
    expect(issued.statusCode, issued.body).toBe(200);
    const ssl = issued.json().data.ssl;
    expect(ssl.status).toBe('active');
    expect(Date.parse(ssl.expiresAt)).toBeGreaterThan(Date.now());
    expect((await t.getData('/v1/domains', a.token)).items[0].ssl.status).toBe('active');
    // Its key is sealed at rest, never stored as PEM.
    const stored = await t.db.one<{ key_sealed: string }>('SELECT key_sealed FROM page_domain_certificates');
    expect(stored.key_sealed).not.toContain('PRIVATE KEY');

    const root = await pebble.issuingRoot();
    const served = await handshake(tlsPort, domain, root);
    expect(served?.subjectAltName).toBe(`DNS:${domain}`);
    expect(await handshake(tlsPort, 'unknown.certified-shop.test', root)).toBeUndefined();

    // Renewed by the housekeeping once it ends within 30 days; not before.
    const certificates = {
      issuer: createAcmeIssuer({ directoryUrl: pebble.directoryUrl, caFile: pebble.caFile }),
      secret: t.secret,
    };
    const failures: unknown[] = [];
    const report = (error: unknown) => failures.push(error);
    expect(await renewCertificates(t.db, t.clock, certificates, report)).toBe(0);
    t.clock.advance(Date.parse(ssl.expiresAt) - t.clock.now().getTime() - 10 * 24 * 60 * 60_000);
    const count = await renewCertificates(t.db, t.clock, certificates, report);
    expect(failures).toEqual([]);
    expect(count).toBe(1);
    expect(failures).toEqual([]);
    const renewed = await t.db.one<{ issued_at: Date }>('SELECT issued_at FROM page_domain_certificates');
    expect(renewed.issued_at.getTime()).toBe(t.clock.now().getTime());
  });
});
