import { describe, expect, it } from 'vitest';
import { bucketStart, formatBucket, grainFor, nextBucket, parseMinute, segmentsOf } from './time-window.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('metric time windows', () => {
  it('reads a long window as day rows in the middle, hour rows around them and minute rows at the ends', () => {
    const from = Date.UTC(2026, 0, 1, 10, 22);
    const to = Date.UTC(2026, 0, 31, 6, 37);
    const segments = segmentsOf(from, to, 1440);
    expect(segments).toEqual([
      { grain: 1, from, to: Date.UTC(2026, 0, 1, 11) },
      { grain: 60, from: Date.UTC(2026, 0, 1, 11), to: Date.UTC(2026, 0, 2) },
      { grain: 1440, from: Date.UTC(2026, 0, 2), to: Date.UTC(2026, 0, 31) },
      { grain: 60, from: Date.UTC(2026, 0, 31), to: Date.UTC(2026, 0, 31, 6) },
      { grain: 1, from: Date.UTC(2026, 0, 31, 6), to },
    ]);
    // Contiguous, covering the window exactly.
    for (let index = 1; index < segments.length; index += 1) {
      expect(segments[index]?.from).toBe(segments[index - 1]?.to);
    }
    expect(segmentsOf(from, to, 60).every((segment) => segment.grain <= 60)).toBe(true);
  });

  it('counts hour buckets in wall-clock time across a clock change, and half-hour zones from minute rows', () => {
    // New York leaves daylight saving time on 2026-11-01 at 02:00 local (06:00 UTC).
    const from = parseMinute('2026-11-01T00:00', 'from', 'America/New_York');
    expect(new Date(from).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    const labels: string[] = [];
    for (let at = from, index = 0; index < 4; index += 1, at = nextBucket(at, 'hour', 'America/New_York')) {
      labels.push(formatBucket(at, 'hour', 'America/New_York'));
    }
    expect(labels).toEqual([
      '2026-11-01T00:00:00-04:00',
      '2026-11-01T01:00:00-04:00',
      '2026-11-01T01:00:00-05:00',
      '2026-11-01T02:00:00-05:00',
    ]);
    expect(
      formatBucket(bucketStart(Date.UTC(2026, 0, 1, 7, 10), '12hr', 'Asia/Kolkata'), '12hr', 'Asia/Kolkata'),
    ).toBe('2026-01-01T12:00:00+05:30');
    expect(grainFor('hour', 'Asia/Kolkata', 0, day)).toBe(1);
    expect(grainFor('hour', 'America/New_York', 0, day)).toBe(60);
    expect(grainFor('month', 'Asia/Kolkata', 0, day)).toBe(1440);
  });

  it('starts weeks on Monday and months on the first, in UTC', () => {
    const wednesday = Date.UTC(2026, 0, 7, 15);
    expect(new Date(bucketStart(wednesday, 'week', 'Asia/Tokyo')).toISOString()).toBe(
      '2026-01-05T00:00:00.000Z',
    );
    expect(new Date(bucketStart(wednesday, 'month', 'Asia/Tokyo')).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(new Date(nextBucket(Date.UTC(2026, 0, 1), 'month', 'UTC')).toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
  });
});
