import type { Clock } from '../clock.ts';
import { type Db, notify, type Queryable } from './db.ts';

export interface NotifiedCacheOptions {
  /** The NOTIFY channel a change is announced on; its payload is the changed key. */
  channel: string;
  /** How long a value is trusted without a change announced (a lost announcement). */
  ttlMs: number;
  /** Above this many keys the cache starts again empty. */
  maxEntries?: number;
}

export interface NotifiedCache<V> {
  /** The value of `key`: cached, or loaded once however many callers ask at the same time. */
  get(key: string): Promise<V>;
  /** Announces through `on` that `key` changed (at commit when `on` is a transaction), here and in every process. */
  changed(on: Queryable, key: string): Promise<void>;
  /** Settles once changes announced from now on reach this cache (its channel is listened to). */
  listening: Promise<void>;
}

/**
 * A per-process cache of values read on the sending hot path (a company's plan, its tracking
 * domains...): each value is trusted for a short while, and a change announced on `channel` by any
 * process on the same database drops it at once. The cached value is the load's promise, so fifty
 * concurrent requests of one company cost one query; a load that fails is not kept.
 */
export function createNotifiedCache<V>(
  db: Db,
  clock: Clock,
  options: NotifiedCacheOptions,
  load: (key: string) => Promise<V>,
): NotifiedCache<V> {
  const { channel, ttlMs, maxEntries = 10_000 } = options;
  const entries = new Map<string, { value: Promise<V>; until: number }>();
  const listening = db.listen(channel, (key) => entries.delete(key));

  return {
    listening,
    get(key) {
      const now = clock.now().getTime();
      const cached = entries.get(key);
      if (cached && cached.until > now) return cached.value;
      if (entries.size >= maxEntries) entries.clear();
      const entry = { value: load(key), until: now + ttlMs };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    async changed(on, key) {
      entries.delete(key);
      await notify(on, channel, key);
    },
  };
}
