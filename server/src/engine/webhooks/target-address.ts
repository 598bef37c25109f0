import { isIP } from 'node:net';
import type { AddressPolicy } from '../../net/address-policy.ts';

/** Why a target cannot be reached: its host has no address, or one of them is not public. */
export class TargetRefused extends Error {
  readonly kind: 'unresolved' | 'private';

  constructor(kind: 'unresolved' | 'private', message: string) {
    super(message);
    this.name = 'TargetRefused';
    this.kind = kind;
  }
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
