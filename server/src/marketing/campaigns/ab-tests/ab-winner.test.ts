import { describe, expect, it } from 'vitest';
import { leadIsChance, winnerOf } from './ab-winner.ts';

const version = (index: number, sent: number, opened: number, clicked: number) => ({
  version: index,
  sent,
  opened,
  clicked,
});

describe("an A/B test's winner", () => {
  it('is the best rate of the metric, A on a tie or an empty test', () => {
    const totals = [version(0, 100, 40, 2), version(1, 100, 30, 9)];
    expect(winnerOf(totals, 'clicks')).toBe(1);
    expect(winnerOf(totals, 'opens')).toBe(0);
    expect(winnerOf([version(0, 10, 0, 0), version(1, 10, 0, 0)], 'clicks')).toBe(0);
    expect(winnerOf([], 'clicks')).toBe(0);
    // Rates, not counts: B reached fewer people but clicked more often.
    expect(winnerOf([version(0, 1000, 0, 50), version(1, 100, 0, 10)], 'clicks')).toBe(1);
  });

  it('says when the lead could be chance', () => {
    expect(leadIsChance([version(0, 10, 0, 0), version(1, 10, 0, 3)], 'clicks')).toBe(true);
    expect(leadIsChance([version(0, 2000, 0, 100), version(1, 2000, 0, 104)], 'clicks')).toBe(true);
    expect(leadIsChance([version(0, 2000, 0, 100), version(1, 2000, 0, 180)], 'clicks')).toBe(false);
    expect(leadIsChance([version(0, 2000, 0, 100)], 'clicks')).toBe(true);
  });
});
