import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, openMigrated } from '../testing/databases.ts';
import type { Db } from './db.ts';
import { createNotifiedCache } from './notified-cache.ts';

describe.each(databases)('notified cache on $name', (database) => {
  let db: Db;
  let now = 0;
  const clock = { now: () => new Date(now) };

  beforeAll(async () => {
    db = await openMigrated(database);
    await db.exec('CREATE TABLE cache_check (key text PRIMARY KEY, value integer NOT NULL)');
  });
  afterAll(() => db.close());

  /** A cache over cache_check, counting its queries; each call is "one process". */
  function cacheOverTable(channel: string) {
    let loads = 0;
    const cache = createNotifiedCache(db, clock, { channel, ttlMs: 1000 }, async (key) => {
      loads += 1;
      const row = await db.maybeOne<{ value: number }>('SELECT value FROM cache_check WHERE key = $1', [key]);
      return row?.value;
    });
    return { cache, loads: () => loads };
  }

  it('loads a key once for concurrent callers, and again only after its time', async () => {
    await db.query(`INSERT INTO cache_check VALUES ('a', 1)`);
    const { cache, loads } = cacheOverTable('cache_check_once');
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get('a')));
    expect(new Set(values)).toEqual(new Set([1]));
    expect(loads()).toBe(1);

    await db.query(`UPDATE cache_check SET value = 2 WHERE key = 'a'`);
    expect(await cache.get('a')).toBe(1);
    now += 1001;
    expect(await cache.get('a')).toBe(2);
    expect(loads()).toBe(2);
  });

  it('drops a key in every cache of the channel when a change is announced, at commit', async () => {
    await db.query(`INSERT INTO cache_check VALUES ('b', 1)`);
    const here = cacheOverTable('cache_check_changes');
    const elsewhere = cacheOverTable('cache_check_changes');
    await Promise.all([here.cache.listening, elsewhere.cache.listening]);
    expect(await here.cache.get('b')).toBe(1);
    expect(await elsewhere.cache.get('b')).toBe(1);

    await db.transaction(async (tx) => {
      await tx.query(`UPDATE cache_check SET value = 3 WHERE key = 'b'`);
      await elsewhere.cache.changed(tx, 'b');
    });
    // The clock stands still: only the announcement, delivered a moment after the commit, drops the value.
    await expect.poll(() => here.cache.get('b'), { timeout: 5000 }).toBe(3);
    expect(await elsewhere.cache.get('b')).toBe(3);
  });

  it('does not keep a load that failed', async () => {
    let fail = true;
    const cache = createNotifiedCache(
      db,
      clock,
      { channel: 'cache_check_failure', ttlMs: 1000 },
      async () => {
        if (fail) throw new Error('database gone');
        return 'back';
      },
    );
    await expect(cache.get('c')).rejects.toThrow('database gone');
    fail = false;
    expect(await cache.get('c')).toBe('back');
  });
});
