import { $user } from '../stores/account.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The parts of a moment in the signed-in user's time zone (account setting), else the browser's; an
 * unknown zone name falls back to the browser's too.
 */
function partsOf(value: Date | string): Record<string, number> {
  const date = typeof value === 'string' ? new Date(value) : value;
  const zone = $user.get()?.timezone || undefined;
  const format = (timeZone: string | undefined) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    }).formatToParts(date);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = format(zone);
  } catch {
    parts = format(undefined);
  }
  return Object.fromEntries(
    parts.filter((part) => part.type !== 'literal').map((part) => [part.type, Number(part.value)]),
  );
}

/** 'YYYY-MM-DD' of a moment, in the user's time zone. */
export function formatUserDate(value: Date | string): string {
  const { year = 0, month = 0, day = 0 } = partsOf(value);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * 'YYYY-MM-DD HH:mm' of a moment in the user's time zone and hour format (§9: 24 by default; 12 gives
 * 'YYYY-MM-DD hh:mm AM').
 */
export function formatUserDateTime(value: Date | string): string {
  const { year = 0, month = 0, day = 0, hour = 0, minute = 0 } = partsOf(value);
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if ($user.get()?.time !== '12') return `${date} ${pad(hour)}:${pad(minute)}`;
  return `${date} ${pad(hour % 12 === 0 ? 12 : hour % 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
