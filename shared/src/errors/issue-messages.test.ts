import { emailSchema } from '@app/contract/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanIssueMessage } from './issue-messages.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: humanIssueMessage });
  if (result.success) throw new Error('expected a validation issue');
  return result.error.issues[0]?.message;
};

describe('validation messages without a message of their own', () => {
  it('say the limit in words, not zod\'s "Too big: expected string to have <=254 characters"', () => {
    expect(messageOf(emailSchema, `${'a'.repeat(250)}@example.com`)).toBe('Use at most 254 characters');
    expect(messageOf(z.string().max(1), 'ab')).toBe('Use at most 1 character');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Use at most 2 items');
    expect(messageOf(z.number().int().max(10), 11)).toBe('Enter a number no greater than 10');
    expect(messageOf(z.number().lt(10), 10)).toBe('Enter a number below 10');
  });

  it('call an empty required field required', () => {
    expect(messageOf(z.string().min(1), '')).toBe('This field is required');
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('This field is required');
    expect(messageOf(z.string().min(3), 'ab')).toBe('Use at least 3 characters');
  });

  it('name the expected kind of value', () => {
    expect(messageOf(z.number(), 'x')).toBe('Enter a number');
    expect(messageOf(z.url(), 'not a url')).toBe('Enter a valid web address, like https://example.com');
    expect(messageOf(z.enum(['a', 'b']), 'c')).toBe('Choose one of: a, b');
    expect(messageOf(z.strictObject({}), { extra: 1 })).toBe('Remove the unknown field extra');
  });

  it("keep a schema's own message", () => {
    expect(messageOf(emailSchema, 'not-an-address')).toBe('Enter a valid email address');
  });
});
