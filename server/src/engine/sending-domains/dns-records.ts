/** A record the domain's owner publishes, as the console and the README show it. */
export interface DnsRecord {
  name: string;
  type: 'TXT' | 'CNAME';
  value: string;
}

export interface DomainRecords {
  dkim: DnsRecord;
  /** Points the domain at this platform so it can serve as a bounce domain (VERP Return-Path). */
  cname: DnsRecord;
  spf: DnsRecord;
  dmarc: DnsRecord;
}

export const dkimRecordName = (selector: string, signingDomain: string) =>
  `${selector}._domainkey.${signingDomain}`;

export const dkimRecordValue = (publicKey: string) => `v=DKIM1; k=rsa; h=sha256; p=${publicKey}`;

/**
 * The SPF record we ask for: the addresses of the platform's own host name (whose A/AAAA records
 * point at the server that delivers) may send for the domain; others soft-fail (`~all`) so that a
 * domain also sending elsewhere does not lose that mail before its owner adds those senders too.
 */
export const spfRecordValue = (platformHost: string) => `v=spf1 a:${platformHost} ~all`;

/** A DMARC policy that only monitors (p=none): the owner tightens it once mail passes. */
export const dmarcRecordValue = 'v=DMARC1; p=none';

export function recordsFor(
  domain: { domain: string; selector: string; signingDomain: string; publicKey: string },
  platformHost: string,
): DomainRecords {
  return {
    dkim: {
      name: dkimRecordName(domain.selector, domain.signingDomain),
      type: 'TXT',
      value: dkimRecordValue(domain.publicKey),
    },
    cname: { name: domain.domain, type: 'CNAME', value: platformHost },
    spf: { name: domain.domain, type: 'TXT', value: spfRecordValue(platformHost) },
    dmarc: { name: `_dmarc.${domain.domain}`, type: 'TXT', value: dmarcRecordValue },
  };
}
