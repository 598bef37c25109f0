import { describe, expect, it } from 'vitest';
import { mergeSubstitutionData, withRecipientAddress } from './data.ts';

describe('mergeSubstitutionData', () => {
  it('lets recipient data win over transmission data, and both over template data', () => {
    const merged = mergeSubstitutionData(
      { a: 'template', b: 'template', c: 'template', nested: { x: 1, y: 2 } },
      { b: 'transmission', c: 'transmission', nested: { x: 3 } },
      { c: 'recipient' },
    );
    // Shallow: a nested object is replaced as a whole, not merged.
    expect(merged).toEqual({ a: 'template', b: 'transmission', c: 'recipient', nested: { x: 3 } });
  });

  it('accepts missing sources', () => {
    expect(mergeSubstitutionData(undefined, { a: 1 })).toEqual({ a: 1 });
    expect(mergeSubstitutionData()).toEqual({});
  });

  it('keeps a "__proto__" key from JSON as data instead of changing the prototype', () => {
    const merged = mergeSubstitutionData(
      JSON.parse('{"__proto__": {"admin": true}}') as Record<string, unknown>,
    );
    expect((merged as { admin?: boolean }).admin).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });
});

describe('withRecipientAddress', () => {
  it('adds the reserved variables unless the data has its own', () => {
    expect(
      withRecipientAddress({ a: 1 }, { email: 'ann@example.com', name: 'Ann', returnPath: 'b@x.test' }),
    ).toEqual({
      a: 1,
      address: { email: 'ann@example.com', name: 'Ann' },
      email: 'ann@example.com',
      email_id: 'ann@example.com',
      env_from: 'b@x.test',
      return_path: 'b@x.test',
    });
    expect(withRecipientAddress({ address: 'custom', email: 'mine' }, { email: 'ann@example.com' })).toEqual({
      address: 'custom',
      email: 'mine',
      email_id: 'ann@example.com',
    });
  });
});
