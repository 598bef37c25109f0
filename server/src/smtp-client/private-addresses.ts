import { BlockList, isIPv4 } from 'node:net';

/** Loopback, private, link-local, shared (CGNAT) and other non-global ranges (RFC 6890). */
const nonGlobal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  nonGlobal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  nonGlobal.addSubnet(network, prefix, 'ipv6');
}

/** Whether `ip` is an address of a private or local network (an IPv4-mapped IPv6 address included). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return nonGlobal.check(mapped, 'ipv4');
  return isIPv4(ip) ? nonGlobal.check(ip, 'ipv4') : nonGlobal.check(ip, 'ipv6');
}
