import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * An IP address in one written form (IPv6 lower-cased and compressed), or undefined when `text` is
 * not an address. Pools store this form, so `::0001` and `::1` are one address.
 */
export function normalizeAddress(text: string): string | undefined {
  const value = text.trim();
  const family = isIP(value);
  if (family === 4) return value;
  if (family === 6) return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  return undefined;
}

/**
 * The addresses configured on this machine's interfaces that a socket can bind to as its source:
 * a pool may only hold these, since delivery binds to them. IPv6 link-local addresses are left
 * out: they need an interface scope and reach no mail server.
 */
export function localAddresses(): Set<string> {
  const found = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv6' && /^fe[89ab]/i.test(entry.address)) continue;
      const address = normalizeAddress(entry.address);
      if (address) found.add(address);
    }
  }
  return found;
}
