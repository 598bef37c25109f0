import { defaultHourFormat, defaultTimezoneOffset } from './constants.ts';

export type HourFormat = 12 | 24;

const monthNames: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const pad = (value: number): string => String(value).padStart(2, '0');

/** §9 hour format: 12 or 24, anything else (missing, '', 13) is the default 24. */
export function normalizeHourFormat(value: unknown): HourFormat {
  const number = typeof value === 'string' ? Number(value) : value;
  return number === 12 ? 12 : number === 24 ? 24 : defaultHourFormat;
}

/** Time-of-day pattern for a date picker: 'HH:mm' (24) or 'hh:mm A' (12). */
export function hourFormatPattern(format: HourFormat = defaultHourFormat): string {
  return format === 12 ? 'hh:mm A' : 'HH:mm';
}

/** Hour and minute as text: 24 → '14:05', 12 → '02:05 PM' (midnight is 12:00 AM). */
export function formatHour(hour: number, minute = 0, format: HourFormat = defaultHourFormat): string {
  if (format === 24) return `${pad(hour)}:${pad(minute)}`;
  const suffix = hour < 12 ? 'AM' : 'PM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${pad(twelve)}:${pad(minute)} ${suffix}`;
}

/** The local time of a date in the user's hour format. */
export function formatTime(date: Date, format: HourFormat = defaultHourFormat): string {
  return formatHour(date.getHours(), date.getMinutes(), format);
}

/** 'YYYY-MM-DD' in local time. */
export function formatDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm' in local time (the datetime input format). */
export function formatDateTime(date: Date): string {
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Display date 'DD MMMM YYYY', e.g. '05 January 2024'. */
export function formatDisplayDate(date: Date): string {
  return `${pad(date.getDate())} ${monthNames[date.getMonth()]} ${date.getFullYear()}`;
}

/** Reads 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' as local time; null when malformed or not a real date. */
export function parseDateTime(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  const valid =
    date.getFullYear() === year &&
    date.getMonth() === (month ?? 1) - 1 &&
    date.getDate() === day &&
    (hour ?? 0) < 24 &&
    (minute ?? 0) < 60;
  return valid ? date : null;
}

/** §9: team offset from timezone text, '(UTC+07:00) Bangkok' → '+0700'; '+0700' when absent. */
export function timezoneOffsetFromText(text: string | null | undefined): string {
  const match = /(?:UTC|GMT)\s*([-+\u2212])\s*(\d{1,2})(?::?(\d{2}))?/i.exec(text ?? '');
  if (!match) return /\((?:UTC|GMT)\)/i.test(text ?? '') ? '+0000' : defaultTimezoneOffset;
  const sign = match[1] === '+' ? '+' : '-';
  return `${sign}${pad(Number(match[2]))}${match[3] ?? '00'}`;
}

/** A team offset in minutes: '+0530' → 330, '-0800' → -480; 0 when it cannot be read. */
export function offsetMinutesOf(offset: string): number {
  const match = /^([+-])(\d{2})(\d{2})$/.exec(offset);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** 'YYYY-MM-DDTHH:mm…' of a moment as the clock reads at `offset` ('+0700'): the team's day and time. */
export function isoAtOffset(moment: Date | string, offset: string): string {
  const at = typeof moment === 'string' ? Date.parse(moment) : moment.getTime();
  return new Date(at + offsetMinutesOf(offset) * 60_000).toISOString();
}
