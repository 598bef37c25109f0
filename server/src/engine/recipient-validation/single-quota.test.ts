import { describe, expect, it } from 'vitest';
import { testClock } from '../../testing/app.ts';
import { createSingleQuota } from './single-quota.ts';

describe('single validation quota', () => {
  it('allows a number a minute per company, says when the next fits, and opens again', () => {
    const clock = testClock();
    const quota = createSingleQuota(clock, 3);
    for (let used = 0; used < 3; used++) expect(quota.take('a')).toEqual({ ok: true });
    clock.advance(20_000);
    expect(quota.take('a')).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(quota.take('b')).toEqual({ ok: true });
    clock.advance(40_000);
    expect(quota.take('a')).toEqual({ ok: true });
  });
});
