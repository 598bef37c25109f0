import { describe, expect, it } from 'vitest';
import { safeRelativePath } from './safe-path.ts';

describe('safeRelativePath (open-redirect protection)', () => {
  it.each(['/analytic', '/domain/sending/1?tab=dns#x', '/a/b%2F%2Fc'])('accepts %s', (value) => {
    expect(safeRelativePath(value)).toBe(value);
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'analytic',
    '',
    null,
    undefined,
  ])('rejects %j', (value) => {
    expect(safeRelativePath(value)).toBeNull();
  });
});
