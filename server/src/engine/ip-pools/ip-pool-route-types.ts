import type { IpPoolStore } from './ip-pool-store.ts';

/** What the IP pool and sending IP routes are built from. */
export interface IpPoolRouteDeps {
  ipPools: IpPoolStore;
  /** The addresses a pool may hold: this machine's (local-addresses.ts). */
  localAddresses(): Set<string>;
  /** Shown as each sending IP's hostname: the name this server greets with. */
  hostname: string;
}
