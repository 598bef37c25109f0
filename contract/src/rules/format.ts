import { unlimited, unlimitedSymbol } from './constants.ts';

const sizeUnits: readonly string[] = ['B', 'Kb', 'Mb', 'Gb', 'Tb'];

/** §9: size steps by 1024 through B, Kb, Mb, Gb, Tb (stops at Tb); at most two decimals. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Math.round(value * 100) / 100} ${sizeUnits[unit]}`;
}

/** §9: -1 (unlimited) is shown as '∞'; other limits as their number. */
export function formatLimit(limit: number): string {
  return limit === unlimited ? unlimitedSymbol : String(limit);
}

/** True for the unlimited marker -1. */
export function isUnlimited(limit: number): boolean {
  return limit === unlimited;
}
