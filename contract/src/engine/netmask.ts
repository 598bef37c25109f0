const octet = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const ipv4 = new RegExp(`^${octet}(\\.${octet}){3}$`);

/** 4 or 6 for an IPv4 or IPv6 address (no zone id), 0 otherwise; works in browsers and Node. */
export function ipFamily(value: string): 0 | 4 | 6 {
  if (ipv4.test(value)) return 4;
  if (!value.includes(':') || !/^[0-9a-fA-F:.]+$/.test(value)) return 0;
  try {
    // The URL parser implements the IPv6 address grammar (with an embedded IPv4 tail).
    return new URL(`http://[${value}]/`).hostname.length > 2 ? 6 : 0;
  } catch {
    return 0;
  }
}

/**
 * The engine's rule for an API key's allowed IP (`valid_ips`): one IPv4 or IPv6 address, or a CIDR
 * netmask such as `10.0.0.0/8` or `2001:db8::/32` (prefix at most 32 for IPv4, 128 for IPv6).
 */
export function isNetmask(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = ipFamily(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The non-empty lines of a textarea of allowed IPs, trimmed. */
export function netmaskLines(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
