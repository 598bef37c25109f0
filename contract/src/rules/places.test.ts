import { describe, expect, it } from 'vitest';
import { cityOfTimeZone, countryOptions, timezoneOptions, timezoneText, utcOffsetOf } from './places.ts';

const january = new Date('2026-01-15T12:00:00Z');
const july = new Date('2026-07-15T12:00:00Z');

describe('timezones', () => {
  it('reads the current offset of a zone', () => {
    expect(utcOffsetOf('Asia/Jakarta', january)).toBe('+07:00');
    expect(utcOffsetOf('UTC', january)).toBe('+00:00');
    expect(utcOffsetOf('Asia/Kolkata', january)).toBe('+05:30');
    expect(utcOffsetOf('America/New_York', january)).toBe('-05:00');
    expect(utcOffsetOf('America/New_York', july)).toBe('-04:00');
    expect(utcOffsetOf('Not/A_Zone', january)).toBeNull();
  });

  it('writes team timezone texts', () => {
    expect(cityOfTimeZone('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(timezoneText('Asia/Jakarta', january)).toBe('(UTC+07:00) Jakarta');
    expect(timezoneText('Europe/London', july)).toBe('(UTC+01:00) London');
  });

  it('lists every zone once, by offset, keeping the current value', () => {
    const options = timezoneOptions(january, '(UTC+07:00) Bangkok, Hanoi, Jakarta');
    const values = options.map((option) => option.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toContain('(UTC+07:00) Jakarta');
    expect(values).toContain('(UTC+07:00) Bangkok, Hanoi, Jakarta');
    expect(values.indexOf('(UTC-05:00) New York')).toBeLessThan(values.indexOf('(UTC+00:00) London'));
    expect(values.indexOf('(UTC+00:00) London')).toBeLessThan(values.indexOf('(UTC+07:00) Jakarta'));
    for (const value of values) expect(value).toMatch(/^\(UTC[+-]\d{2}:\d{2}\) \S/);
  });
});

describe('countries', () => {
  it('names countries in English, sorted, without regions', () => {
    const names = countryOptions().map((option) => option.value);
    expect(names).toContain('Indonesia');
    expect(names).toContain('Germany');
    expect(names).not.toContain('European Union');
    expect(names).not.toContain('Unknown Region');
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    expect(countryOptions('Atlantis').map((option) => option.value)).toContain('Atlantis');
  });
});
