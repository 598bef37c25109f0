import { describe, expect, it } from 'vitest';
import { timeOrderedUuid } from './time-ordered-uuid.ts';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID holding the millisecond it was made', () => {
    const at = Date.UTC(2026, 10, 29, 19, 30);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time, and differs within a millisecond', () => {
    const earlier = timeOrderedUuid(1_000);
    const later = timeOrderedUuid(1_001);
    expect(earlier < later).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedUuid(5_000))).size).toBe(1000);
  });
});
