import https from 'node:https';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDnsResolver } from '../dns/resolver.ts';
import { startTestDnsServer, type TestDnsServer } from '../testing/dns-server.ts';
import { allowedByPolicy, createMtaStsLookup } from './mta-sts.ts';

let zone: TestDnsServer | undefined;
afterEach(async () => {
  await zone?.close();
  zone = undefined;
  vi.restoreAllMocks();
});

describe('MTA-STS', () => {
  it('lets only the named MX hosts through an enforced policy', () => {
    const policy = { mode: 'enforce' as const, mx: ['mx1.dest.test', '*.mail.dest.test'] };
    expect(allowedByPolicy(policy, 'mx1.dest.test')).toBe(true);
    expect(allowedByPolicy(policy, 'a.mail.dest.test')).toBe(true);
    expect(allowedByPolicy(policy, 'rogue.dest.test')).toBe(false);
    expect(allowedByPolicy({ ...policy, mode: 'testing' }, 'rogue.dest.test')).toBe(true);
  });

  it('applies no policy when the domain publishes none or its policy cannot be fetched', async () => {
    zone = await startTestDnsServer({
      '_mta-sts.unreachable.test': { TXT: ['v=STSv1; id=20260101'] },
      'mta-sts.unreachable.test': { A: ['127.0.0.9'] },
    });
    const lookup = createMtaStsLookup(createDnsResolver([zone.address], 500), { privateNetworks: 'allow' });
    expect(await lookup('nopolicy.test')).toEqual({ mode: 'none', mx: [] });
    expect(await lookup('unreachable.test')).toEqual({ mode: 'none', mx: [] });
  });

  it('fetches no policy from a private, local or IPv4-carrying address (DELIVERY_PRIVATE_NETWORKS=deny)', async () => {
    const policyHosts = {
      'loopback.test': { A: ['127.0.0.1'] },
      'compatible.test': { AAAA: ['::7f00:1'] },
      'mapped.test': { AAAA: ['::ffff:7f00:1'] },
      'nat64.test': { AAAA: ['64:ff9b::a9fe:a9fe'] },
      'mixed.test': { A: ['8.8.8.8'], AAAA: ['::a00:1'] },
      'public.test': { A: ['8.8.8.8'] },
    };
    zone = await startTestDnsServer(
      Object.fromEntries(
        Object.entries(policyHosts).flatMap(([domain, addresses]) => [
          [`_mta-sts.${domain}`, { TXT: ['v=STSv1; id=20260101'] }],
          [`mta-sts.${domain}`, addresses],
        ]),
      ),
    );
    // Stands in for the network: records where a fetch would connect, and connects nowhere.
    const fetches = vi.spyOn(https, 'request').mockImplementation(() => {
      throw Object.assign(new Error('no network in tests'), { code: 'ECONNREFUSED' });
    });
    const lookup = createMtaStsLookup(createDnsResolver([zone.address], 500), { privateNetworks: 'deny' });
    for (const domain of Object.keys(policyHosts)) {
      expect(await lookup(domain)).toEqual({ mode: 'none', mx: [] });
    }
    // Only the public policy host is asked.
    expect(fetches.mock.calls.map(([options]) => (options as https.RequestOptions).host)).toEqual([
      '8.8.8.8',
    ]);
  });
});
