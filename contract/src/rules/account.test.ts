import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  hasEnoughAbRecipients,
  isTeamExpired,
  isValidAbWinner,
  needsPolicyUpdate,
} from './account.ts';

describe('isTeamExpired', () => {
  const expiry = new Date('2024-06-01T00:00:00Z');
  it('is expired only when now is after expiredDate', () => {
    expect(isTeamExpired(expiry, new Date('2024-06-01T00:00:01Z'))).toBe(true);
    expect(isTeamExpired(expiry, expiry)).toBe(false);
    expect(isTeamExpired(expiry, new Date('2024-05-31T23:59:59Z'))).toBe(false);
  });
  it('reads ISO strings and milliseconds', () => {
    expect(isTeamExpired('2024-06-01T00:00:00Z', Date.parse('2024-07-01T00:00:00Z'))).toBe(true);
    expect(isTeamExpired(expiry.getTime(), Date.parse('2024-01-01T00:00:00Z'))).toBe(false);
  });
  it('is not expired without a readable date', () => {
    expect(isTeamExpired(null, Date.now())).toBe(false);
    expect(isTeamExpired(undefined)).toBe(false);
    expect(isTeamExpired('not a date', Date.now())).toBe(false);
  });
});

describe('needsPolicyUpdate', () => {
  it('needs an update for an older or missing version', () => {
    expect(needsPolicyUpdate('1.9.9')).toBe(true);
    expect(needsPolicyUpdate('1.0')).toBe(true);
    expect(needsPolicyUpdate(undefined)).toBe(true);
    expect(needsPolicyUpdate('')).toBe(true);
  });
  it('needs no update for the current (2.0.0) or a newer version', () => {
    expect(needsPolicyUpdate('2.0.0')).toBe(false);
    expect(needsPolicyUpdate('2.0')).toBe(false);
    expect(needsPolicyUpdate('2.10.0')).toBe(false);
    expect(needsPolicyUpdate('3.0.0', '2.0.0')).toBe(false);
  });
  it('compares numerically, not as text', () => {
    expect(compareVersions('2.10.0', '2.9.0')).toBeGreaterThan(0);
  });
});

describe('A/B rules', () => {
  it('needs at least 10 recipients', () => {
    expect(hasEnoughAbRecipients(9)).toBe(false);
    expect(hasEnoughAbRecipients(10)).toBe(true);
  });
  it('refuses a 0% winner', () => {
    expect(isValidAbWinner(0)).toBe(false);
    expect(isValidAbWinner(1)).toBe(true);
  });
});
