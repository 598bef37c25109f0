import type { User } from '@app/contract/accounts/users';
import { afterEach, describe, expect, it } from 'vitest';
import { $user } from '../stores/account.ts';
import { formatUserDate, formatUserDateTime } from './display-time.ts';

const moment = '2026-11-24T17:05:00Z';
const asUser = (time: '12' | '24', timezone: string) => $user.set({ time, timezone } as User);

describe('times shown in the user’s zone and hour format', () => {
  afterEach(() => $user.set(null));

  it('uses the account setting’s time zone and 24-hour clock', () => {
    asUser('24', 'Asia/Jakarta');
    expect(formatUserDateTime(moment)).toBe('2026-11-25 00:05');
    expect(formatUserDate(moment)).toBe('2026-11-25');
  });

  it('uses the 12-hour clock when the user chose it', () => {
    asUser('12', 'America/New_York');
    expect(formatUserDateTime(moment)).toBe('2026-11-24 12:05 PM');
    asUser('12', 'UTC');
    expect(formatUserDateTime('2026-11-24T00:30:00Z')).toBe('2026-11-24 12:30 AM');
  });

  it('an unknown zone name falls back to the browser’s zone instead of failing', () => {
    asUser('24', 'Mars/Olympus');
    expect(formatUserDateTime(moment)).toMatch(/^2026-11-2[45] \d\d:05$/);
  });
});
