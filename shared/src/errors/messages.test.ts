import { describe, expect, it } from 'vitest';
import { catalogueMessages, entityNotFoundMessages, userMessages } from './messages.ts';

const all = [
  ...Object.values(userMessages),
  ...Object.values(catalogueMessages),
  ...Object.values(entityNotFoundMessages),
];

describe('catalogue sentences', () => {
  it.each(all)('"%s" is a clear sentence', (sentence) => {
    expect(sentence).toMatch(/^[A-Z0-9]/);
    expect(sentence).toBe(sentence.trim());
    expect(sentence).not.toMatch(/\s{2}|\.$/);
  });
  it('keeps the spec wording for the session and credential messages', () => {
    expect(userMessages.sessionExpired).toBe('Session expired, please login again');
    expect(userMessages.wrongCredentials).toBe('Email address or password is incorrect');
    expect(userMessages.packageExpired).toBe('Package expired, please update your plan');
  });
  it('has a sentence for each item of the §8 user-facing list', () => {
    expect(Object.keys(userMessages)).toHaveLength(63);
  });
});
