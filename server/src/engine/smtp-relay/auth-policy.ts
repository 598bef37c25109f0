import { isIP } from 'node:net';

export const relayUsername = 'SMTP_Injection';

/**
 * The relay accepts exactly `SMTP_Injection` (primary account) and `SMTP_Injection:X-MSYS-SUBACCOUNT=<digits>`
 * (the SparkPost subaccount form). undefined = any other user name.
 */
export function parseRelayUsername(username: string): { subaccountId?: number } | undefined {
  if (username === relayUsername) return {};
  const match = /^SMTP_Injection:X-MSYS-SUBACCOUNT=([0-9]{1,15})$/i.exec(username);
  if (!match?.[1] || !username.startsWith(relayUsername)) return undefined;
  return { subaccountId: Number(match[1]) };
}

/** Addresses as smtp-server reports them (IPv4-mapped IPv6 already unwrapped). */
export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  const lower = address.toLowerCase();
  return lower === '::1' || lower === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(lower);
}

/**
 * Credentials (the API key) may cross the wire only inside TLS. Loopback clients are exempt: they never
 * leave the machine, and local applications and benchmarks then need no certificate handling.
 */
export function mayAuthenticate(session: { secure: boolean; remoteAddress: string }): boolean {
  return session.secure || isLoopbackAddress(session.remoteAddress);
}
