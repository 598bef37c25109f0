import { EngineError } from '../../engine-error.ts';
import type { Grain } from './rollup-writer.ts';

export const aggregatePrecisions = ['1min', '5min', '15min', 'hour', 'day'] as const;
export const seriesPrecisions = ['1min', '5min', '15min', 'hour', '12hr', 'day', 'week', 'month'] as const;
export type Precision = (typeof seriesPrecisions)[number];

/** A refused parameter: 400 with SparkPost's entry naming it (`param`). */
export const invalidParam = (param: string, description: string) =>
  new EngineError('invalid', description, { details: { param } });

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Widths of the fixed precisions, and the longest window each serves (the reference's table). */
const widths: Partial<Record<Precision, number>> = {
  '1min': minute,
  '5min': 5 * minute,
  '15min': 15 * minute,
  hour,
  '12hr': 12 * hour,
  day,
};
const maxWindows: Partial<Record<Precision, number>> = {
  '1min': day,
  '5min': day,
  '15min': 2 * day,
  hour: 31 * day,
};
/** Day, week and month buckets are UTC whatever the timezone, as the reference says. */
const utcPrecisions = new Set<Precision>(['day', 'week', 'month']);

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a timezone name, or a 400 naming the parameter when there is no such zone. */
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    } catch {
      throw invalidParam(
        'timezone',
        `timezone: ${JSON.stringify(timeZone)} is not a timezone such as America/New_York`,
      );
    }
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** Checks a timezone name; throws the parameter error when unknown. */
export function checkTimezone(timeZone: string): void {
  offsetFormat(timeZone);
}

/** Offsets by zone and quarter hour: zones change offset only on quarter hours, and Intl is slow. */
const offsetCache = new Map<string, Map<number, number>>();
const maxCachedOffsets = 100_000;
const quarterHour = 15 * minute;

/** Milliseconds `timeZone` is ahead of UTC at `at`. */
export function offsetAt(timeZone: string, at: number): number {
  if (timeZone === 'UTC') return 0;
  let zone = offsetCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsetCache.set(timeZone, zone);
  }
  const slot = Math.floor(at / quarterHour);
  const cached = zone.get(slot);
  if (cached !== undefined) return cached;
  const name = offsetFormat(timeZone)
    .formatToParts(new Date(slot * quarterHour))
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  const [, sign, hours, minutes] = match ?? [];
  const offset = match ? (sign === '-' ? -1 : 1) * (Number(hours) * hour + Number(minutes) * minute) : 0;
  if (zone.size >= maxCachedOffsets) zone.clear();
  zone.set(slot, offset);
  return offset;
}

/** UTC instant of a wall-clock time in `timeZone` (given as if it were UTC). */
function fromWallClock(wall: number, timeZone: string): number {
  const guess = wall - offsetAt(timeZone, wall);
  return wall - offsetAt(timeZone, guess);
}

const timePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `YYYY-MM-DDTHH:MM` in `timeZone` → UTC milliseconds; a 400 naming `name` otherwise. */
export function parseMinute(value: string, name: string, timeZone: string): number {
  const match = timePattern.exec(value.trim());
  const invalid = () =>
    invalidParam(name, `${name}: ${JSON.stringify(value)} is not a datetime in the format YYYY-MM-DDTHH:MM`);
  if (!match) throw invalid();
  const [year, month, date, hours, minutes] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, date, hours, minutes);
  const check = new Date(wall);
  if (check.getUTCDate() !== date || check.getUTCHours() !== hours || check.getUTCMinutes() !== minutes) {
    throw invalid();
  }
  return fromWallClock(wall, timeZone);
}

/** The finest precision whose window fits `span` (what a request without `precision` gets). */
export function defaultPrecision(span: number): Precision {
  if (span <= day) return '1min';
  if (span <= 2 * day) return '15min';
  if (span <= 31 * day) return 'hour';
  return 'day';
}

/** A 400 when `precision` cannot serve a window of `span` milliseconds. */
export function checkWindow(precision: Precision, span: number): void {
  const max = maxWindows[precision];
  if (max !== undefined && span > max) {
    throw invalidParam(
      'precision',
      `precision: ${precision} serves a window of at most ${max / hour} hours; from and to are ${Math.ceil(span / hour)} hours apart`,
    );
  }
}

/** The zone buckets of a precision are counted in: UTC for day, week and month. */
export function zoneOf(precision: Precision, timeZone: string): string {
  return utcPrecisions.has(precision) ? 'UTC' : timeZone;
}

/** Start (UTC ms) of the bucket of `precision` holding `at`, counted in `timeZone`. */
export function bucketStart(at: number, precision: Precision, timeZone: string): number {
  const zone = zoneOf(precision, timeZone);
  const offset = offsetAt(zone, at);
  const width = widths[precision];
  // Buckets of an hour or less are fixed spans of time, so a clock change repeats or skips none.
  if (width !== undefined && width <= hour) return at - ((((at + offset) % width) + width) % width);
  const wall = at + offset;
  let start: number;
  if (precision === 'month') {
    const date = new Date(wall);
    start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  } else if (precision === 'week') {
    // Weeks start on Monday, as PostgreSQL's date_trunc counts them.
    const midnight = Math.floor(wall / day) * day;
    start = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * day;
  } else {
    const span = width as number;
    start = Math.floor(wall / span) * span;
  }
  return zone === 'UTC' ? start : fromWallClock(start, zone);
}

/** Start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, precision: Precision, timeZone: string): number {
  const width = widths[precision];
  if (width !== undefined && width <= hour) return start + width;
  const zone = zoneOf(precision, timeZone);
  const wall = start + offsetAt(zone, start);
  let next: number;
  if (precision === 'month') {
    const date = new Date(wall);
    next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  } else if (precision === 'week') {
    next = wall + 7 * day;
  } else {
    next = wall + (widths[precision] as number);
  }
  const utc = zone === 'UTC' ? next : fromWallClock(next, zone);
  // A clock change inside the bucket must not make an empty or backward step.
  return utc > start ? utc : start + (widths[precision] ?? day);
}

/** `2020-10-04T00:00:00-04:00`: a bucket's start as the reference prints `ts`, in its zone. */
export function formatBucket(start: number, precision: Precision, timeZone: string): string {
  const zone = zoneOf(precision, timeZone);
  const offset = offsetAt(zone, start);
  const wall = new Date(start + offset).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / hour)).padStart(2, '0');
  const mm = String(Math.floor((abs % hour) / minute)).padStart(2, '0');
  return `${wall}${sign}${hh}:${mm}`;
}

/** The largest stored grain whose rows never straddle a bucket of `precision` in `timeZone` over [from, to). */
export function grainFor(precision: Precision, timeZone: string, from: number, to: number): Grain {
  if (utcPrecisions.has(precision)) return 1440;
  if (precision !== 'hour' && precision !== '12hr') return 1;
  const whole = (at: number) => offsetAt(timeZone, at) % hour === 0;
  return whole(from) && whole(to) ? 60 : 1;
}

export interface Segment {
  grain: Grain;
  from: number;
  to: number;
}

const grainWidths: ReadonlyArray<readonly [Grain, number]> = [
  [1440, day],
  [60, hour],
  [1, minute],
];

/**
 * [from, to) as day rows in the middle, hour rows around them and minute rows at the ragged ends,
 * using no grain above `maxGrain`: a 30-day window reads ~30 day rows and at most 46 hour and 118
 * minute rows per dimension combination.
 */
export function segmentsOf(from: number, to: number, maxGrain: Grain): Segment[] {
  const usable = grainWidths.filter(([grain]) => grain <= maxGrain);
  const split = (start: number, end: number, index: number): Segment[] => {
    if (start >= end) return [];
    const [grain, width] = usable[index] as readonly [Grain, number];
    if (index === usable.length - 1) return [{ grain, from: start, to: end }];
    const inner = Math.ceil(start / width) * width;
    const outer = Math.floor(end / width) * width;
    if (inner >= outer) return split(start, end, index + 1);
    return [
      ...split(start, inner, index + 1),
      { grain, from: inner, to: outer },
      ...split(outer, end, index + 1),
    ];
  };
  return split(from, to, 0);
}

export { day as dayMs, hour as hourMs, minute as minuteMs };
