import { quotaExceededMessage } from '@app/contract/codes';
import { describe, expect, it } from 'vitest';
import {
  entityNotFoundMessage,
  formatErrorValue,
  invalidFieldMessage,
  invalidValueMessage,
  notAllowedMessage,
  validationMessage,
} from './builders.ts';
import { normalizeErrorText, parseErrorBody } from './normalize.ts';

describe('message builders', () => {
  it('builds the spec texts word for word', () => {
    expect(invalidFieldMessage('email')).toBe('The email is Invalid');
    expect(invalidValueMessage('abc', 'phone')).toBe('The value abc is Invalid for phone');
    expect(quotaExceededMessage('contactLimit', 'contacts')).toBe(
      'Quota of contactLimit on contacts is exceeded',
    );
    expect(notAllowedMessage({})).toBe('Not Allowed');
  });
  it('names request fields as people do, not as the JSON body does', () => {
    expect(invalidFieldMessage('oldPassword')).toBe('The current password is Invalid');
    expect(invalidFieldMessage('successRedirectUrl')).toBe('The success redirect URL is Invalid');
    expect(invalidFieldMessage('recipients.0.address')).toBe('The recipients address is Invalid');
    expect(invalidValueMessage('x', 'newPassword')).toBe('The value x is Invalid for new password');
  });
  it('shows object values as JSON', () => {
    expect(formatErrorValue({ a: 1 })).toBe('{"a":1}');
    expect(invalidValueMessage([1, 2], 'ids')).toBe('The value [1,2] is Invalid for ids');
    expect(formatErrorValue(false)).toBe('false');
  });
  it('validation: cause, then value+field, then field, then fallback', () => {
    expect(validationMessage({ payload: { cause: 'Too long', field: 'x' } }, 'f')).toBe('Too long');
    expect(validationMessage({ payload: { field: 'x', value: 1 } }, 'f')).toBe(
      'The value 1 is Invalid for x',
    );
    expect(validationMessage({ payload: { field: 'x' } }, 'f')).toBe('The x is Invalid');
    expect(validationMessage({}, 'f')).toBe('f');
  });
  it('names not-found entities', () => {
    expect(entityNotFoundMessage('contact')).toBe('Contact not found');
    expect(entityNotFoundMessage('voucher')).toBe('Voucher not found');
  });
});

describe('body parsing', () => {
  it('reads the new shape', () => {
    const body = { code: 'validation', message: 'm', payload: { field: 'f', value: 2 }, error: 'e' };
    expect(parseErrorBody(body)).toEqual({
      code: 'validation',
      message: 'm',
      payload: { field: 'f', value: 2 },
    });
  });
  it('reads the legacy shape', () => {
    expect(parseErrorBody({ message: 'm', status: 412, code: 31 })).toEqual({
      message: 'm',
      status: 412,
      numericCode: 31,
    });
  });
  it('ignores bodies that are not objects or strings', () => {
    expect(parseErrorBody(null)).toEqual({});
    expect(parseErrorBody([1])).toEqual({});
    expect(parseErrorBody('')).toEqual({});
  });
  it('normalises server texts for matching', () => {
    expect(normalizeErrorText('PASSWORD_INVALID')).toBe('password invalid');
    expect(normalizeErrorText('passwordInvalid')).toBe('password invalid');
    expect(normalizeErrorText('Winner cannot be 0%!')).toBe('winner cannot be 0%');
  });
});
