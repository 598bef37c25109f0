import { describe, expect, it } from 'vitest';
import { defaultRangeRules, isCustomRangeAllowed, restrictedRangeRules } from './ranges.ts';

const now = new Date(2024, 5, 30, 12, 0);
const day = (offset: number) => new Date(2024, 5, 30 + offset, 9, 0);

describe('restricted custom range (profiles C and D)', () => {
  it('allows at most 30 selected days', () => {
    expect(isCustomRangeAllowed(restrictedRangeRules, day(-29), day(0), now)).toBe(true);
    expect(isCustomRangeAllowed(restrictedRangeRules, day(-30), day(0), now)).toBe(false);
  });
  it('allows a start at most 367 days back', () => {
    expect(isCustomRangeAllowed(restrictedRangeRules, day(-367), day(-360), now)).toBe(true);
    expect(isCustomRangeAllowed(restrictedRangeRules, day(-368), day(-360), now)).toBe(false);
  });
  it('refuses reversed ranges and future ends', () => {
    expect(isCustomRangeAllowed(restrictedRangeRules, day(-1), day(-2), now)).toBe(false);
    expect(isCustomRangeAllowed(restrictedRangeRules, day(-1), day(1), now)).toBe(false);
  });
  it('a single day is allowed', () => {
    expect(isCustomRangeAllowed(restrictedRangeRules, day(0), day(0), now)).toBe(true);
  });
});

describe('default custom range', () => {
  it('has no length or age limit', () => {
    expect(isCustomRangeAllowed(defaultRangeRules, day(-1000), day(0), now)).toBe(true);
  });
  it('refuses custom when the options do not offer it', () => {
    expect(isCustomRangeAllowed({ ...defaultRangeRules, options: [1, 7] }, day(-1), day(0), now)).toBe(false);
  });
});
