import { restrictedRangeMaxDaysBack, restrictedRangeMaxSelectedDays } from '../rules/constants.ts';

/** Preset ranges in days, or a custom start/end. */
export type RangeOption = 1 | 7 | 30 | 'custom';

export interface RangeRules {
  options: readonly RangeOption[];
  /** Longest custom range in days (inclusive), null for no limit. */
  customMaxSelectedDays: number | null;
  /** How many days back a custom start may go, null for no limit. */
  customMaxDaysBack: number | null;
}

export const defaultRangeRules: RangeRules = {
  options: [1, 7, 30, 'custom'],
  customMaxSelectedDays: null,
  customMaxDaysBack: null,
};

/** Profiles C and D: 1, 7, 30 days or custom, custom at most 30 days selected and 367 days back. */
export const restrictedRangeRules: RangeRules = {
  options: [1, 7, 30, 'custom'],
  customMaxSelectedDays: restrictedRangeMaxSelectedDays,
  customMaxDaysBack: restrictedRangeMaxDaysBack,
};

const dayMs = 86400000;

function dayNumber(date: Date): number {
  return Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / dayMs);
}

/**
 * Whether a custom range [start, end] (whole local days, both included) is allowed:
 * start not after end, end not after today, at most customMaxSelectedDays days and start at most
 * customMaxDaysBack days before today.
 */
export function isCustomRangeAllowed(
  rules: RangeRules,
  start: Date,
  end: Date,
  now: Date = new Date(),
): boolean {
  if (!rules.options.includes('custom')) return false;
  const first = dayNumber(start);
  const last = dayNumber(end);
  const today = dayNumber(now);
  if (!(Number.isFinite(first) && Number.isFinite(last)) || first > last || last > today) return false;
  if (rules.customMaxSelectedDays !== null && last - first + 1 > rules.customMaxSelectedDays) return false;
  if (rules.customMaxDaysBack !== null && today - first > rules.customMaxDaysBack) return false;
  return true;
}
