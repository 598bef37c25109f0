import { describe, expect, it } from 'vitest';
import { indexOf, recipientPlan } from './catalogue.ts';
import { batchSizeFor } from './inject.ts';
import { expectationOf } from './seed.ts';

describe('the seed catalogue', () => {
  it('plans the same recipient on every run, its number in its address', () => {
    expect(recipientPlan(4242)).toEqual(recipientPlan(4242));
    expect(indexOf(recipientPlan(4242).email)).toBe(4242);
  });

  it('gives 100,000 messages realistic shares of outcomes and engagement', () => {
    const expected = expectationOf(100_000);
    expect(expected.delivered + expected.bounced.total).toBe(100_000);
    expect(expected.bounced.hard / 100_000).toBeCloseTo(0.02, 2);
    expect(expected.bounced.soft / 100_000).toBeCloseTo(0.01, 2);
    expect(expected.bounced.block / 100_000).toBeCloseTo(0.01, 2);
    expect(expected.delayed / 100_000).toBeCloseTo(0.03, 2);
    const plans = Array.from({ length: 10_000 }, (_, index) => recipientPlan(index));
    const domains = new Set(plans.map((plan) => plan.email.split('@')[1]));
    expect(domains).toContain('gmail.com');
    expect(domains.size).toBeGreaterThan(8);
    const openers = plans.filter((plan) => plan.opens.length > 0).length / plans.length;
    expect(openers).toBeGreaterThan(0.2);
    expect(openers).toBeLessThan(0.35);
    // Nobody whose mail bounced opens it.
    expect(
      plans
        .filter((plan) => plan.opens.length > 0)
        .every((plan) => ['delivered', 'delayed'].includes(plan.outcome)),
    ).toBe(true);
  });

  it('sends a small seed as about twenty transmissions, a large one 1,000 recipients each', () => {
    expect(batchSizeFor(60)).toBe(3);
    expect(batchSizeFor(2_000)).toBe(100);
    expect(batchSizeFor(100_000)).toBe(1000);
  });
});
