import { BlockList, isIP } from 'node:net';

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
