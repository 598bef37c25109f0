import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * What a claimer of leased work (delivery batches, webhooks, activity exports, validation lists)
 * needs of its process's presence among the worker processes (worker-presence.ts).
 */
export interface LeaseHolder {
  /** This process's id: the leases it takes name it (before the first '/' of a lease token). */
  id(): string;
  /** Processes found dead: the leases they hold are free to take at once, whatever their expiry. */
  deadHolders(): string[];
  /**
   * False once this process may have been found dead (its heartbeat not confirmed for most of the
   * dead-after time): it starts no more work under its leases, another process may be taking them.
   */
  alive(): boolean;
}

/** A new worker process id: host, pid and a random part (a pid is reused after a restart). */
export const newHolderId = () => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** A holder outside the heartbeat (tests, tools): never found dead, finds no one dead. */
export function standaloneHolder(id = newHolderId()): LeaseHolder {
  return { id: () => id, deadHolders: () => [], alive: () => true };
}

/**
 * The SQL condition that the lease in `column` is held by one of the processes of the text[]
 * parameter `param` (its holder: the part before the first '/').
 */
export const heldByAny = (column: string, param: string) =>
  `split_part(${column}, '/', 1) = ANY(${param}::text[])`;
