import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Network = [Address, number];

const nat64 = ipaddr.parseCIDR('64:ff9b::/96');
const globalUnicast = ipaddr.parseCIDR('2000::/3');

/**
 * The IPv4 address behind an IPv6 one whose connections reach that IPv4 host: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96, deprecated but still routed by some stacks) and NAT64's
 * well-known prefix (64:ff9b::/96, which a NAT64 gateway translates). Other embeddings are not
 * unwrapped: 6to4 (2002::/16) and Teredo (2001::/32) are deprecated tunnels through relays, the
 * local-use NAT64 prefix (64:ff9b:1::/48) places the address where its operator chose, and all of
 * them are refused as special ranges.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const compatible = address.parts.slice(0, 6).every((part) => part === 0);
  if (!compatible && !address.isIPv4MappedAddress() && !address.match(nat64)) return undefined;
  return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
}

/** The address as written, and the IPv4 address a connection to it reaches, if it carries one. */
function forms(ip: string): Address[] {
  if (!ipaddr.isValid(ip)) return [];
  const address = ipaddr.parse(ip);
  const inner = address.kind() === 'ipv6' ? embeddedIPv4(address as ipaddr.IPv6) : undefined;
  return inner ? [address, inner] : [address];
}

/**
 * Whether `ip` is a public address: the one rule for every connection the server makes on a user's
 * behalf (webhook targets and their OAuth token URLs, MTA-STS policy hosts, MX hosts), for address
 * literals and resolved addresses alike. An IPv6 address carrying an IPv4 one is judged as that IPv4
 * address; any other IPv6 address must be global unicast (2000::/3) outside the special ranges.
 * Loopback, private, link-local, CGNAT, multicast, documentation, benchmarking, reserved,
 * unique-local and tunnel ranges are not public. IPv4 written in octal, hex or as one number is
 * read as the address it means.
 */
export function isPublicAddress(ip: string): boolean {
  const target = forms(ip).at(-1);
  if (target?.range() !== 'unicast') return false;
  return target.kind() === 'ipv4' || target.match(globalUnicast);
}

function networkOf(cidr: string): Network {
  if (cidr.includes('/')) return ipaddr.parseCIDR(cidr);
  const address = ipaddr.parse(cidr);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

export type AddressPolicy = ReturnType<typeof createAddressPolicy>;

/**
 * Public addresses, and those in the operator's allow-list (e.g. WEBHOOK_ALLOWED_NETWORKS): an
 * address is allow-listed as written or as the IPv4 address it carries.
 */
export function createAddressPolicy(allowedNetworks: readonly string[]) {
  const networks = allowedNetworks.map(networkOf);
  const isAllowListed = (ip: string) =>
    forms(ip).some((address) =>
      networks.some(
        ([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix),
      ),
    );
  return {
    /** Whether the operator's allow-list holds `ip` (such targets may use any port). */
    isAllowListed,
    isPermitted: (ip: string) => isPublicAddress(ip) || isAllowListed(ip),
  };
}
