import type { DNSResolver } from 'mailauth';
import type { DnsResolver } from '../dns/resolver.ts';

const noRecord = (name: string, type: string) =>
  Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });

/**
 * mailauth's `resolver` option (dkimVerify, spf, dmarc) on our resolver, so tests verify what they
 * receive against the test DNS server. An empty answer is ENOTFOUND, as node:dns says it.
 */
export function mailauthResolver(dns: DnsResolver): DNSResolver {
  return async (name, type) => {
    const answer = async (): Promise<string[][] | string[]> => {
      switch (type) {
        case 'TXT':
          return (await dns.txt(name)).map((record) => [record]);
        case 'MX':
          // mailauth reads MX answers as node:dns gives them ({exchange, priority}); its type says otherwise.
          return (await dns.mx(name)) as unknown as string[];
        case 'A':
          return (await dns.addresses(name)).filter((address) => !address.includes(':'));
        case 'AAAA':
          return (await dns.addresses(name)).filter((address) => address.includes(':'));
        case 'CNAME':
          return dns.cname(name);
        default:
          return [];
      }
    };
    const records = await answer();
    if (records.length === 0) throw noRecord(name, type);
    return records;
  };
}
