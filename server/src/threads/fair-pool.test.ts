import { afterAll, describe, expect, it } from 'vitest';
import { fairPool, PoolBusyError } from './fair-pool.ts';

const pool = fairPool(new URL('../content/generators/draw-worker.ts', import.meta.url), {
  threads: 2,
  maxWaitingPerOwner: 2,
  idleTimeoutMs: 1_000,
});
afterAll(() => pool.close());

const icon = (owner: string) => pool.run<Uint8Array>(owner, { kind: 'social', network: 'facebook' }, 'draw');

describe('a fair thread pool', () => {
  it("refuses an owner's tasks beyond its queue with PoolBusyError, runs the others and another owner's", async () => {
    const burst = Array.from({ length: 6 }, () => icon('a'));
    const other = icon('b');
    const results = await Promise.allSettled(burst);
    // One runs (the other thread is kept for other owners), two wait, the rest are refused.
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    for (const result of results.slice(3)) {
      expect(result.status === 'rejected' && result.reason).toBeInstanceOf(PoolBusyError);
    }
    expect(await other).toBeInstanceOf(Uint8Array);
    // Once the burst is through, the owner's tasks are taken again.
    expect(await icon('a')).toBeInstanceOf(Uint8Array);
  });
});
