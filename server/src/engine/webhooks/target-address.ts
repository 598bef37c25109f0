import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Why a target cannot be reached: its host has no address, or one of them is not public. */
export class TargetRefused extends Error {
  readonly kind: 'unresolved' | 'private';

  constructor(kind: 'unresolved' | 'private', message: string) {
    super(message);
    this.name = 'TargetRefused';
    this.kind = kind;
  }
}

type Network = [ipaddr.IPv4 | ipaddr.IPv6, number];

function networkOf(cidr: string): Network {
  if (cidr.includes('/')) return ipaddr.parseCIDR(cidr);
  const address = ipaddr.parse(cidr);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

export type AddressPolicy = ReturnType<typeof createAddressPolicy>;

/**
 * Which addresses webhook targets (and OAuth2 token URLs) may connect to: global unicast ones, and
 * those in the operator's allow-list (WEBHOOK_ALLOWED_NETWORKS). IPv4-mapped IPv6 forms are judged
 * as the IPv4 address they carry; every other special range (loopback, private, link-local, CGNAT,
 * multicast, unique-local, 6to4, documentation, 0.0.0.0...) is refused.
 */
export function createAddressPolicy(allowedNetworks: readonly string[]) {
  const networks = allowedNetworks.map(networkOf);
  const allowListed = (address: ipaddr.IPv4 | ipaddr.IPv6) =>
    networks.some(([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix));
  return {
    /** Whether the operator's allow-list holds `ip` (such targets may use any port). */
    isAllowListed(ip: string): boolean {
      return ipaddr.isValid(ip) && allowListed(ipaddr.process(ip));
    },
    isPermitted(ip: string): boolean {
      if (!ipaddr.isValid(ip)) return false;
      const address = ipaddr.process(ip);
      return address.range() === 'unicast' || allowListed(address);
    },
  };
}

/** The host of a URL as a resolver or a socket takes it: IPv6 literals without brackets. */
export function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * The addresses to connect to for `host`, resolved once and every one checked: an address literal
 * as it is, a name through `resolve`. Throws TargetRefused when there is none or one is not permitted.
 */
export async function checkedAddresses(
  host: string,
  resolve: (host: string) => Promise<string[]>,
  policy: AddressPolicy,
): Promise<string[]> {
  const addresses = isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0) throw new TargetRefused('unresolved', `${host} has no address`);
  const refused = addresses.find((address) => !policy.isPermitted(address));
  if (refused !== undefined) {
    const resolved = refused === host ? host : `${host} resolves to ${refused}, which`;
    throw new TargetRefused(
      'private',
      `${resolved} is a private, local or reserved address; the operator may allow its network (WEBHOOK_ALLOWED_NETWORKS)`,
    );
  }
  return addresses;
}
