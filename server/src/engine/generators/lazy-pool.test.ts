import { afterAll, describe, expect, it } from 'vitest';
import { lazyPool, PoolBusyError } from './lazy-pool.ts';

const pool = lazyPool(new URL('./draw-worker.ts', import.meta.url), 2);
afterAll(() => pool.close());

describe('lazy pool', () => {
  it('refuses tasks beyond its queue with PoolBusyError, and runs the others', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => pool.run<Uint8Array>({ kind: 'social', network: 'facebook' }, 'draw')),
    );
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const result of refused) expect(result.reason).toBeInstanceOf(PoolBusyError);
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    // Once the burst is through, the pool takes work again.
    expect(await pool.run<Uint8Array>({ kind: 'social', network: 'facebook' }, 'draw')).toBeInstanceOf(
      Uint8Array,
    );
  });
});
