import { getPolicy, validateMx } from 'mailauth/lib/mta-sts.js';
import type { DnsResolver } from '../dns/resolver.ts';
import { isPublicAddress } from '../net/address-policy.ts';

/** A domain's MTA-STS policy (RFC 8461) as delivery applies it. */
export interface MtaStsPolicy {
  mode: 'enforce' | 'testing' | 'none';
  /** MX patterns: `mx.example.com` or `*.example.com`. */
  mx: string[];
}

export type MtaStsLookup = (domain: string) => Promise<MtaStsPolicy>;

const noPolicy: MtaStsPolicy = { mode: 'none', mx: [] };

/** In enforce mode, only MX hosts the policy names may receive the domain's mail. */
export function allowedByPolicy(policy: MtaStsPolicy, host: string): boolean {
  return policy.mode !== 'enforce' || validateMx(host, { ...policy, mx: policy.mx }).valid;
}

export interface MtaStsOptions {
  /** DELIVERY_PRIVATE_NETWORKS: `deny` fetches policies only from public addresses, as MX hosts. */
  privateNetworks: 'allow' | 'deny';
  recheckMs?: number;
}

/**
 * Policies through mailauth: the `_mta-sts` TXT record is read through `resolver` at most once per
 * `recheckMs` per domain, and the HTTPS policy file fetched only when its id changes (mailauth keeps
 * applying a cached policy that is still valid when a later fetch fails, as RFC 8461 §5.1 asks).
 * The policy host is named by the recipient's domain: under `deny` a fetch is refused unless every
 * one of its addresses is public (isPublicAddress, the webhooks' rule).
 */
export function createMtaStsLookup(
  resolver: DnsResolver,
  { privateNetworks, recheckMs = 60_000 }: MtaStsOptions,
): MtaStsLookup {
  const known = new Map<
    string,
    { checkedAt: number; policy: Promise<Awaited<ReturnType<typeof getPolicy>>['policy']> }
  >();
  const dnsResolve = async (name: string, type: string): Promise<string[][] | string[]> => {
    if (type === 'TXT') return (await resolver.txt(name)).map((text) => [text]);
    if (type !== 'A') return [];
    // Both families at once (mailauth asks A first, then AAAA only when A has none).
    const addresses = await resolver.addresses(name);
    const refused = privateNetworks === 'deny' && addresses.find((address) => !isPublicAddress(address));
    if (refused) throw new Error(`MTA-STS policy host ${name} resolves to ${refused}, which is not public`);
    return addresses;
  };
  return async (domain) => {
    const entry = known.get(domain);
    if (entry && Date.now() - entry.checkedAt < recheckMs) return toPolicy(await entry.policy);
    const previous = entry ? await entry.policy.catch(() => null) : null;
    const policy = getPolicy(domain, previous, { resolver: dnsResolve, timeout: 10_000 }).then(
      (result) => result.policy,
    );
    known.set(domain, { checkedAt: Date.now(), policy });
    if (known.size > 10_000) known.delete(known.keys().next().value as string);
    return toPolicy(await policy.catch(() => null));
  };
}

function toPolicy(policy: { mode: string; mx?: string[] } | null): MtaStsPolicy {
  if (!policy || (policy.mode !== 'enforce' && policy.mode !== 'testing')) return noPolicy;
  return { mode: policy.mode, mx: policy.mx ?? [] };
}
