import { BlockList, isIP } from 'node:net';

/** A CIDR netmask or a single address, IPv4 or IPv6: `10.0.0.0/8`, `192.168.1.7`, `2001:db8::/32`. */
export function isNetmask(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Whether `address` falls in one of the netmasks; an empty list allows every address. */
export function ipAllowed(netmasks: readonly string[], address: string): boolean {
  if (netmasks.length === 0) return true;
  const list = new BlockList();
  for (const netmask of netmasks) {
    const [base = '', prefix] = netmask.split('/');
    const type = isIP(base) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(base, prefix === undefined ? (type === 'ipv6' ? 128 : 32) : Number(prefix), type);
  }
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
