import { afterEach, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../../dns/resolver.ts';
import { startTestDnsServer, type TestDnsServer } from '../../../testing/dns-server.ts';
import { allowedByPolicy, createMtaStsLookup } from './mta-sts.ts';

let zone: TestDnsServer | undefined;
afterEach(async () => {
  await zone?.close();
  zone = undefined;
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
    const lookup = createMtaStsLookup(createDnsResolver([zone.address], 500));
    expect(await lookup('nopolicy.test')).toEqual({ mode: 'none', mx: [] });
    expect(await lookup('unreachable.test')).toEqual({ mode: 'none', mx: [] });
  });
});
