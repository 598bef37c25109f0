import type { QuotaItem } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { displayDate, formatCount, periodText, quotaLevel, usedShare } from './quota.ts';

const item = (usage: number, quota: number, overrides: Partial<QuotaItem> = {}): QuotaItem => ({
  feature: 'email',
  usage,
  quota,
  enable: true,
  type: 'monthly',
  plan: 'FREE',
  version: 1,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
  lastUpdated: null,
  ...overrides,
});

describe('a quota as the usage page shows it', () => {
  it('shows -1 as the infinity symbol and counts with separators', () => {
    expect(formatCount(-1)).toBe('∞');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount(0)).toBe('0');
  });

  it('measures the share used, none for unlimited or empty quotas', () => {
    expect(usedShare(item(750, 3000))).toBe(0.25);
    expect(usedShare(item(4000, 3000))).toBe(1);
    expect(usedShare(item(10, -1))).toBeNull();
    expect(usedShare(item(0, 0))).toBeNull();
  });

  it('warns from 80 % and turns to danger when the quota is used up', () => {
    expect(quotaLevel(item(2399, 3000))).toBe('ok');
    expect(quotaLevel(item(2400, 3000))).toBe('warning');
    expect(quotaLevel(item(2999, 3000))).toBe('warning');
    expect(quotaLevel(item(3000, 3000))).toBe('danger');
    expect(quotaLevel(item(5, -1))).toBe('ok');
    // A quota that is only counted (not enforced) never alarms.
    expect(quotaLevel(item(3000, 3000, { enable: false }))).toBe('ok');
  });

  it('gives the period in the §9 display date, last day inclusive', () => {
    expect(displayDate(new Date('2026-03-01T00:00:00Z'))).toBe('01 March 2026');
    expect(periodText(item(0, 1))).toBe('01 November 2026 – 30 November 2026 (UTC)');
    expect(
      periodText(item(0, 1, { periodStart: '2026-11-24T00:00:00Z', periodEnd: '2026-11-25T00:00:00Z' })),
    ).toBe('24 November 2026 (UTC)');
    expect(periodText(item(0, 1, { periodStart: null, periodEnd: null }))).toBeNull();
  });
});
