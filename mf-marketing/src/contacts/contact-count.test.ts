import { describe, expect, it } from 'vitest';
import { contactCount } from './contact-count.ts';

describe('contactCount', () => {
  it('says how many, with a plus when the search counted no further', () => {
    expect(contactCount(1)).toBe('1 contact');
    expect(contactCount(2500)).toBe('2,500 contacts');
    expect(contactCount(10_000, true)).toBe('10,000+ contacts');
  });
});
