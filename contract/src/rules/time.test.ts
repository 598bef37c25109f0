import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDisplayDate,
  formatHour,
  formatTime,
  hourFormatPattern,
  isoAtOffset,
  normalizeHourFormat,
  offsetMinutesOf,
  parseDateTime,
  timezoneOffsetFromText,
} from './time.ts';

describe('hour format', () => {
  it('is 12 or 24 and defaults to 24', () => {
    expect(normalizeHourFormat(12)).toBe(12);
    expect(normalizeHourFormat('12')).toBe(12);
    expect(normalizeHourFormat(24)).toBe(24);
    expect(normalizeHourFormat(undefined)).toBe(24);
    expect(normalizeHourFormat(13)).toBe(24);
    expect(normalizeHourFormat('')).toBe(24);
  });
  it('gives a picker pattern', () => {
    expect(hourFormatPattern(24)).toBe('HH:mm');
    expect(hourFormatPattern(12)).toBe('hh:mm A');
    expect(hourFormatPattern()).toBe('HH:mm');
  });
  it.each([
    [0, 0, 24, '00:00'],
    [14, 5, 24, '14:05'],
    [0, 0, 12, '12:00 AM'],
    [12, 0, 12, '12:00 PM'],
    [14, 5, 12, '02:05 PM'],
    [11, 59, 12, '11:59 AM'],
  ] as const)('%i:%i in %i-hour → %s', (hour, minute, format, text) => {
    expect(formatHour(hour, minute, format)).toBe(text);
  });
  it('formats a date time of day, 24-hour by default', () => {
    expect(formatTime(new Date(2024, 0, 5, 21, 7))).toBe('21:07');
    expect(formatTime(new Date(2024, 0, 5, 21, 7), 12)).toBe('09:07 PM');
  });
});

describe('dates', () => {
  const date = new Date(2024, 0, 5, 9, 7);
  it('formats YYYY-MM-DD, YYYY-MM-DD HH:mm and DD MMMM YYYY', () => {
    expect(formatDate(date)).toBe('2024-01-05');
    expect(formatDateTime(date)).toBe('2024-01-05 09:07');
    expect(formatDisplayDate(date)).toBe('05 January 2024');
    expect(formatDisplayDate(new Date(2023, 11, 31))).toBe('31 December 2023');
  });
  it('parses the input formats back', () => {
    expect(parseDateTime('2024-01-05 09:07')?.getTime()).toBe(date.getTime());
    expect(parseDateTime('2024-01-05')?.getTime()).toBe(new Date(2024, 0, 5).getTime());
  });
  it.each(['', '2024-02-30', '2024-13-01', '2024-01-05 24:00', '05/01/2024', '2024-01-05T09:07'])(
    'refuses %j',
    (text) => {
      expect(parseDateTime(text)).toBeNull();
    },
  );
});

describe('timezoneOffsetFromText', () => {
  it.each([
    ['(UTC+07:00) Bangkok, Hanoi, Jakarta', '+0700'],
    ['(UTC+05:45) Kathmandu', '+0545'],
    ['(UTC-03:30) Newfoundland', '-0330'],
    ['(GMT+9) Tokyo', '+0900'],
    ['(UTC) Coordinated Universal Time', '+0000'],
    ['Asia/Jakarta', '+0700'],
    ['', '+0700'],
    [undefined, '+0700'],
  ])('%j → %s', (text, offset) => {
    expect(timezoneOffsetFromText(text)).toBe(offset);
  });
});

describe('a team offset', () => {
  it.each([
    ['+0700', 420],
    ['+0545', 345],
    ['-0330', -210],
    ['+0000', 0],
    ['07:00', 0],
  ])('%s is %i minutes', (offset, minutes) => {
    expect(offsetMinutesOf(offset)).toBe(minutes);
  });

  it("reads a moment on the team's clock: 17:30 UTC is the next day at UTC+07:00, the same day at UTC-08:00", () => {
    expect(isoAtOffset('2026-11-30T17:30:00Z', '+0700').slice(0, 16)).toBe('2026-12-01T00:30');
    expect(isoAtOffset(new Date('2026-11-30T17:30:00Z'), '-0800').slice(0, 16)).toBe('2026-11-30T09:30');
  });
});
