import { describe, expect, it } from 'vitest';
import { createDomainPacer } from './domain-pacer.ts';

describe('per-domain pacing (DELIVERY_DOMAIN_RATE)', () => {
  const fakeTime = () => {
    let now = 1_000_000;
    const waits: number[] = [];
    return {
      waits,
      clock: {
        now: () => now,
        sleep: async (ms: number) => {
          waits.push(ms);
        },
      },
      advance: (ms: number) => {
        now += ms;
      },
    };
  };

  it('spaces the messages of one domain, and only of that domain', async () => {
    const time = fakeTime();
    const pace = createDomainPacer(4, time.clock);
    await Promise.all([pace('slow.test'), pace('slow.test'), pace('slow.test'), pace('other.test')]);
    expect(time.waits).toEqual([250, 500]);
    time.advance(1000);
    await pace('slow.test');
    expect(time.waits).toEqual([250, 500]);
  });

  it('does not wait at all when no rate is set', async () => {
    const time = fakeTime();
    const pace = createDomainPacer(0, time.clock);
    for (let i = 0; i < 100; i += 1) await pace('any.test');
    expect(time.waits).toEqual([]);
  });
});
