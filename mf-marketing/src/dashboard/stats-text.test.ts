import { describe, expect, it } from 'vitest';
import { peakText, rate } from './stats-text.ts';

describe("Home's statistics", () => {
  it('give rates with one decimal, and a dash without a base', () => {
    expect(rate(1, 3)).toBe('33.3%');
    expect(rate(3, 3)).toBe('100%');
    expect(rate(0, 0)).toBe('—');
  });

  it('suggest the peak hour, wrapping at midnight, or say how to get one', () => {
    expect(peakText({ hour: 9, opens: 20 })).toContain('between 09:00 and 10:00');
    expect(peakText({ hour: 23, opens: 1 })).toContain('between 23:00 and 00:00');
    expect(peakText(null)).toContain('Send a campaign');
  });
});
