import { Resolver } from 'node:dns/promises';

export interface MxHost {
  exchange: string;
  priority: number;
}

/** The look-ups delivery and domain verification make, through the configured resolvers. */
export interface DnsResolver {
  mx(domain: string): Promise<MxHost[]>;
  addresses(host: string): Promise<string[]>;
  /** Each TXT record joined from its character-strings. */
  txt(name: string): Promise<string[]>;
  cname(name: string): Promise<string[]>;
}

/** Codes node:dns uses for "this name or this record type does not exist": an answer, not a failure. */
const noRecordCodes = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

export function isNoRecord(error: unknown): boolean {
  return noRecordCodes.has((error as NodeJS.ErrnoException).code ?? '');
}

async function orEmpty<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (isNoRecord(error)) return [];
    throw error;
  }
}

/**
 * A resolver on `servers` (`ip` or `ip:port`, DNS_SERVERS), or the system's when empty. A missing
 * name or record type answers with no records; a timeout or server failure throws (ETIMEOUT,
 * ESERVFAIL, ECONNREFUSED), so callers can tell "no MX" from "DNS is down".
 */
export function createDnsResolver(servers: readonly string[], timeoutMs = 5_000): DnsResolver {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  return {
    mx: async (domain) =>
      (await orEmpty(resolver.resolveMx(domain)))
        .map(({ exchange, priority }) => ({ exchange, priority }))
        .toSorted((a, b) => a.priority - b.priority),
    addresses: async (host) => {
      const [v4, v6] = await Promise.all([
        orEmpty(resolver.resolve4(host)),
        orEmpty(resolver.resolve6(host)),
      ]);
      return [...v4, ...v6];
    },
    txt: async (name) => (await orEmpty(resolver.resolveTxt(name))).map((parts) => parts.join('')),
    cname: (name) => orEmpty(resolver.resolveCname(name)),
  };
}
