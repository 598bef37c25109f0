import { describe, expect, it } from 'vitest';
import { labelled } from './labelled-field.ts';

describe('a marketing form field', () => {
  it('says its error as §5 does: Field {label} {first error}; nothing when there is none', () => {
    expect(labelled('Email', { name: 'email', error: 'Enter a valid email address' })).toEqual({
      name: 'email',
      label: 'Email',
      error: 'Field Email Enter a valid email address',
    });
    expect(labelled('Email', { name: 'email', error: undefined }).error).toBeUndefined();
  });
});
