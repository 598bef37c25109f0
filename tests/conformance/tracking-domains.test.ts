import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDnsServer } from '../../server/src/testing/test-dns.ts';
import { databases, expectError, expectResults, useReferenceApi } from './reference-api.ts';

const trackingHost = 'track.conformance.test';

describe.each(databases)(
  'tracking domains’ managed certificates as the reference documents them, on $name',
  (database) => {
    const dns = useTestDnsServer();
    const api = useReferenceApi(database, 'conf-tracking', () => ({
      config: { dnsServers: [dns.address], publicUrl: `https://${trackingHost}` },
    }));
    const domain = 'click.conformance.test';

    beforeAll(async () => {
      expectResults(await api.call('POST', '/tracking-domains', { domain }), 200);
    });

    it('GET: the tracking domain object has uses_managed_certificate and status.tls_status', async () => {
      const body = expectResults(await api.call('GET', `/tracking-domains/${domain}`), 200, [
        'domain',
        'port',
        'secure',
        'default',
        'status',
        'uses_managed_certificate',
      ]);
      expect(body.results).toMatchObject({ uses_managed_certificate: false, port: 80, secure: false });
      expect(body.results.status).toHaveProperty('tls_status');
    });

    it('POST …/certificate/enable while unverified: 400 with the reference’s message', async () => {
      const errors = expectError(
        await api.call('POST', `/tracking-domains/${domain}/certificate/enable`),
        400,
        '1300',
      );
      expect(errors[0]?.message).toBe('Domain must be verified before enabling managed certificates');
      const after = (await api.call('GET', `/tracking-domains/${domain}`)).json().results;
      expect(after.uses_managed_certificate).toBe(false);
    });

    it('POST …/certificate/check works on an unverified domain and changes nothing: 200 with supportsManagedCertificate', async () => {
      const body = expectResults(
        await api.call('POST', `/tracking-domains/${domain}/certificate/check`),
        200,
        ['domain', 'supportsManagedCertificate'],
      );
      expect(body.results).toMatchObject({ domain, supportsManagedCertificate: false });
    });

    it('POST …/certificate/enable once verified: 200, and the domain becomes secure on 443 with a TLS status', async () => {
      dns.set(domain, { CNAME: trackingHost });
      expectResults(await api.call('POST', `/tracking-domains/${domain}/verify`), 200, ['verified']);
      const body = expectResults(
        await api.call('POST', `/tracking-domains/${domain}/certificate/enable`),
        200,
        ['message'],
      );
      expect(body.results).toEqual({ message: `Certificate issuance initiated for ${domain}` });
      const after = (await api.call('GET', `/tracking-domains/${domain}`)).json().results;
      expect(after).toMatchObject({ uses_managed_certificate: true, secure: true, port: 443 });
      // No certificate answers for the name at this server yet: pending, not valid.
      expect(after.status.tls_status).toBe('pending');
    });

    it('a domain that does not exist: 404 on enable and check', async () => {
      for (const action of ['enable', 'check']) {
        expectError(
          await api.call('POST', `/tracking-domains/none.conformance.test/certificate/${action}`),
          404,
          '1600',
        );
      }
    });
  },
);
