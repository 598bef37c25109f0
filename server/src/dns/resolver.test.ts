import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDnsServer, type TestDnsServer } from '../testing/dns-server.ts';
import { createDnsResolver } from './resolver.ts';

describe('DNS resolver on configured servers', () => {
  let dns: TestDnsServer;
  beforeAll(async () => {
    dns = await startTestDnsServer({
      'dest.test': {
        MX: [
          { exchange: 'mx2.dest.test', priority: 20 },
          { exchange: 'mx1.dest.test', priority: 10 },
        ],
        TXT: ['v=spf1 -all'],
      },
      'mx1.dest.test': { A: ['127.0.0.1'], AAAA: ['::1'] },
      'key._domainkey.dest.test': { TXT: [`v=DKIM1; k=rsa; p=${'A'.repeat(400)}`] },
      'bounce.dest.test': { CNAME: 'mail.platform.test' },
    });
  });
  afterAll(() => dns.close());

  it('sorts MX hosts by preference and answers A and AAAA together', async () => {
    const resolver = createDnsResolver([dns.address]);
    expect((await resolver.mx('dest.test')).map((mx) => mx.exchange)).toEqual([
      'mx1.dest.test',
      'mx2.dest.test',
    ]);
    expect(await resolver.addresses('mx1.dest.test')).toEqual(['127.0.0.1', '::1']);
  });

  it('joins a long TXT record split into character-strings', async () => {
    const resolver = createDnsResolver([dns.address]);
    expect(await resolver.txt('key._domainkey.dest.test')).toEqual([`v=DKIM1; k=rsa; p=${'A'.repeat(400)}`]);
    expect(await resolver.cname('bounce.dest.test')).toEqual(['mail.platform.test']);
  });

  it('answers a missing name or record type with no records, and sees changes at once', async () => {
    const resolver = createDnsResolver([dns.address]);
    expect(await resolver.mx('nowhere.test')).toEqual([]);
    expect(await resolver.mx('mx1.dest.test')).toEqual([]);
    dns.set('nowhere.test', { MX: [{ exchange: 'mx1.dest.test', priority: 5 }] });
    expect(await resolver.mx('nowhere.test')).toEqual([{ exchange: 'mx1.dest.test', priority: 5 }]);
  });

  it('throws when the DNS server does not answer, so "no MX" is not confused with "DNS down"', async () => {
    const resolver = createDnsResolver(['127.0.0.1:9'], 200);
    await expect(resolver.mx('dest.test')).rejects.toMatchObject({
      code: expect.stringMatching(/ECONNREFUSED|ETIMEOUT/),
    });
  });
});
