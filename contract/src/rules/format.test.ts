import { describe, expect, it } from 'vitest';
import { formatLimit, formatSize, isUnlimited } from './format.ts';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 Kb'],
    [1536, '1.5 Kb'],
    [20971520, '20 Mb'],
    [1073741824, '1 Gb'],
    [1024 ** 4, '1 Tb'],
    [1024 ** 5, '1024 Tb'],
    [-1, '0 B'],
    [Number.NaN, '0 B'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatSize(bytes)).toBe(text);
  });
  it('rounds to two decimals', () => {
    expect(formatSize(1024 + 10)).toBe('1.01 Kb');
  });
});

describe('formatLimit', () => {
  it('shows -1 as the infinity symbol', () => {
    expect(formatLimit(-1)).toBe('∞');
    expect(isUnlimited(-1)).toBe(true);
  });
  it('shows other limits as numbers', () => {
    expect(formatLimit(0)).toBe('0');
    expect(formatLimit(3000)).toBe('3000');
    expect(isUnlimited(0)).toBe(false);
  });
});
