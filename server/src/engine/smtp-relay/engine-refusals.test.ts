import { describe, expect, it } from 'vitest';
import { notFound, subresourceNotFound } from '../../engine-error.ts';
import { UnstorableUnitError } from '../messages/ingest.ts';
import { overQuota } from '../transmissions/commit.ts';
import { refusalOf } from './engine-refusals.ts';

describe("the relay's replies to engine errors", () => {
  it('asks to try again later for a daily or sandbox limit, refuses for good over the monthly quota', () => {
    expect(refusalOf(overQuota('daily', 'dailySentLimit'))).toEqual({
      code: 452,
      message: '4.7.1 Quota of dailySentLimit on transactional email is exceeded',
    });
    expect(refusalOf(overQuota('sandbox', 'sandboxSentLimit'))?.code).toBe(452);
    expect(refusalOf(overQuota('monthly', 'emailSentLimit'))).toEqual({
      code: 550,
      message: '5.7.1 Quota of emailSentLimit on transactional email is exceeded',
    });
  });

  it('refuses a message the database cannot store with 550 5.6.0, naming the fault', () => {
    const error = new UnstorableUnitError({ path: ['subject'], message: 'contains a NUL character' });
    expect(refusalOf(error)).toEqual({
      code: 550,
      message: '5.6.0 Message cannot be stored: subject: contains a NUL character',
    });
  });

  it('refuses what X-MSYS-API names and the account does not have with 550 5.6.0', () => {
    expect(refusalOf(subresourceNotFound("template 'gone' does not exist"))).toEqual({
      code: 550,
      message: "5.6.0 X-MSYS-API header is invalid: template 'gone' does not exist",
    });
  });

  it('leaves errors that are not rules of the engine to the relay', () => {
    expect(refusalOf(new Error('connection lost'))).toBeUndefined();
    expect(refusalOf(notFound('no such thing'))).toBeUndefined();
  });
});
