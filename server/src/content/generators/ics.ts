import { createHash } from 'node:crypto';
import type { CalendarPayload } from './payloads.ts';

/** An instant as iCalendar's UTC DATE-TIME (20261124T190000Z). */
export const icsDateTime = (date: Date) => `${date.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export const icsText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');

/** Lines longer than 75 octets fold onto continuation lines starting with a space (§3.1), never inside a character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char) > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/**
 * One event as an iCalendar file (RFC 5545), CRLF lines. The UID is a hash of the event, so every
 * download of one invitation updates the same calendar entry rather than adding another.
 */
export function calendarIcs(event: CalendarPayload, now: Date, host: string): string {
  const start = new Date(event.start);
  const end = new Date(event.end);
  const uid = createHash('sha256').update(JSON.stringify(event)).digest('hex').slice(0, 32);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Email platform//Add to Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${uid}@${host}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(start)}`,
    `DTEND:${icsDateTime(end > start ? end : start)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** Whether an event's instants are dates a calendar can take. */
export const eventDatesValid = (event: Pick<CalendarPayload, 'start' | 'end'>) =>
  !Number.isNaN(Date.parse(event.start)) && !Number.isNaN(Date.parse(event.end));
