import { ApiError } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { validateRefusal } from './validate-outcome.ts';

const refused = (message: string, status: number, code: string) =>
  new ApiError(message, status, { code, message: 'server text' }, false);

describe('the confirmation page when confirming fails', () => {
  it('a used link says so, as news rather than an error, with nothing to retry', () => {
    expect(validateRefusal(refused('This link has already been used', 410, 'linkUsed'))).toEqual({
      final: true,
      tone: 'info',
      message: 'This link has already been used',
      hint: 'The sender address is confirmed already.',
    });
  });

  it('a wrong or expired token shows the cause and where a new link comes from', () => {
    const expired = validateRefusal(
      refused('The link has expired: ask for a new confirmation mail', 400, 'validation'),
    );
    expect(expired).toMatchObject({
      final: true,
      tone: 'danger',
      message: 'The link has expired: ask for a new confirmation mail',
    });
    expect(expired.hint).toContain('Manage Sender');
  });

  it('anything else (the domain, the connection) may pass on a second try', () => {
    const spf = refused('The domain acme.com has no SPF record: publish one', 400, 'spfSingle');
    expect(validateRefusal(spf)).toEqual({
      final: false,
      tone: 'danger',
      message: 'The domain acme.com has no SPF record: publish one',
    });
    expect(validateRefusal(new TypeError('Failed to fetch'))).toMatchObject({ final: false });
  });
});
