import { isIP } from 'node:net';
import type { DnsResolver } from '../../../dns/resolver.ts';
import type { SmtpReply } from '../../bounces/classify.ts';

/** A host to try, in order; `addresses` already known for an address-literal or A/AAAA fallback. */
export interface Destination {
  host: string;
  addresses?: string[];
}

export type Destinations =
  | { status: 'hosts'; hosts: Destination[] }
  | { status: 'failed' | 'deferred'; reply: SmtpReply };

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let at = copy.length - 1; at > 0; at -= 1) {
    const other = Math.floor(Math.random() * (at + 1));
    [copy[at], copy[other]] = [copy[other] as T, copy[at] as T];
  }
  return copy;
}

function dnsFailure(domain: string, error: unknown): Destinations {
  const code = (error as NodeJS.ErrnoException).code ?? 'error';
  return {
    status: 'deferred',
    reply: { code: 451, enhanced: '4.4.3', text: `DNS lookup failed for ${domain} (${code})` },
  };
}

/**
 * Where mail for `domain` goes (RFC 5321 §5.1): its MX hosts by preference, equal preferences in
 * random order; without MX records the domain itself when it has addresses. A null MX (RFC 7505) or a
 * domain with neither is a permanent failure; a DNS timeout or server failure a temporary one.
 */
export async function resolveDestinations(resolver: DnsResolver, domain: string): Promise<Destinations> {
  const literal = /^\[(?:IPv6:)?([^\]]+)\]$/i.exec(domain)?.[1];
  if (literal && isIP(literal)) return { status: 'hosts', hosts: [{ host: literal, addresses: [literal] }] };

  let records: Awaited<ReturnType<DnsResolver['mx']>>;
  try {
    records = await resolver.mx(domain);
  } catch (error) {
    return dnsFailure(domain, error);
  }
  const exchanges = records.map((record) => ({
    priority: record.priority,
    host: record.exchange.replace(/\.$/, '').toLowerCase(),
  }));
  if (exchanges.some((record) => record.host === '')) {
    return {
      status: 'failed',
      reply: { code: 556, enhanced: '5.1.10', text: `${domain} does not accept mail (null MX)` },
    };
  }
  if (exchanges.length > 0) {
    const priorities = [...new Set(exchanges.map((record) => record.priority))].toSorted((a, b) => a - b);
    const hosts = priorities.flatMap((priority) =>
      shuffled(exchanges.filter((record) => record.priority === priority)).map(({ host }) => ({ host })),
    );
    return { status: 'hosts', hosts };
  }

  let addresses: string[];
  try {
    addresses = await resolver.addresses(domain);
  } catch (error) {
    return dnsFailure(domain, error);
  }
  if (addresses.length === 0) {
    // The resolver answers a missing name (NXDOMAIN) and a name without records alike: both end here.
    return {
      status: 'failed',
      reply: {
        code: 550,
        enhanced: '5.1.2',
        text: `${domain} does not exist or has no mail server (no MX, A or AAAA record)`,
      },
    };
  }
  return { status: 'hosts', hosts: [{ host: domain, addresses }] };
}
