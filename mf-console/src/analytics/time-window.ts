import type { AnalyticFilterSet, RangeRules } from '@app/contract';

const minuteMs = 60_000;
const dayMs = 86_400_000;

/** YYYY-MM-DD of a UTC day. */
export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / dayMs);
/** YYYY-MM-DDTHH:MM (UTC), the Metrics API's time format. */
const minuteOf = (at: number) => new Date(at).toISOString().slice(0, 16);

export interface MetricsWindow {
  from: string;
  to: string;
  /** Hourly points up to a week, daily beyond. */
  precision: 'hour' | 'day';
}

/**
 * The Metrics API window of a view, in UTC: the last 1, 7 or 30 days up to now, or the custom
 * range's whole days (both included).
 */
export function metricsWindowOf(set: AnalyticFilterSet, now: number): MetricsWindow {
  if (set.range === 'custom' && set.from && set.to) {
    const first = dayNumber(set.from) * dayMs;
    const end = (dayNumber(set.to) + 1) * dayMs;
    return { from: minuteOf(first), to: minuteOf(end), precision: end - first <= 7 * dayMs ? 'hour' : 'day' };
  }
  const days = set.range === 'custom' ? 7 : Number(set.range);
  const end = Math.ceil((now + 1) / minuteMs) * minuteMs;
  return { from: minuteOf(end - days * dayMs), to: minuteOf(end), precision: days <= 7 ? 'hour' : 'day' };
}

/**
 * Why a custom range cannot be shown, or null when it can: both dates given, start not after end,
 * no day after today, and within the profile's limits (§6, §9: restricted profiles allow at most 30
 * days selected and a start at most 367 days back). Days are UTC days.
 */
export function customRangeProblem(
  rules: RangeRules,
  from: string | undefined,
  to: string | undefined,
  now: number,
): string | null {
  if (!from || !to) return 'Choose a start date and an end date.';
  const first = dayNumber(from);
  const last = dayNumber(to);
  const today = Math.floor(now / dayMs);
  if (!(Number.isFinite(first) && Number.isFinite(last))) return 'Enter dates as YYYY-MM-DD.';
  if (first > last) return 'The start date must be on or before the end date.';
  if (last > today) return 'The end date cannot be after today.';
  const selected = last - first + 1;
  if (rules.customMaxSelectedDays !== null && selected > rules.customMaxSelectedDays) {
    return `Choose at most ${rules.customMaxSelectedDays} days; this range has ${selected}.`;
  }
  if (rules.customMaxDaysBack !== null && today - first > rules.customMaxDaysBack) {
    return `The start date can be at most ${rules.customMaxDaysBack} days ago (${utcDay((today - rules.customMaxDaysBack) * dayMs)} or later).`;
  }
  return null;
}
