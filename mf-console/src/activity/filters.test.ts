import { defaultRangeRules, restrictedRangeRules } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  activitySearch,
  checkActivityQuery,
  defaultQuery,
  parseActivityQuery,
  searchFilters,
} from './filters.ts';

const now = new Date('2026-11-24T12:00:00Z');

describe('activity filters in the URL', () => {
  it('round-trips every §2 filter and the range through the query string', () => {
    const search =
      '?range=7&eventTypes=bounce%2Cdelivery&recipientTo=a%40x.example&recipientDomain=x.example&recipientType=cc' +
      '&friendlyFrom=news%40shop.example&sendingDomain=shop.example&subject=Invoice*&bounceClassificationCode=10' +
      '&reason=unknown&transmissionId=123';
    const query = parseActivityQuery(search);
    expect(query.range).toBe('7');
    expect(activitySearch(query)).toBe(search);
    expect(searchFilters(query, now)).toEqual({
      from: '2026-11-17T12:00:00.000Z',
      to: '2026-11-24T12:00:00.000Z',
      events: 'bounce,delivery',
      recipients: 'a@x.example',
      recipient_domains: 'x.example',
      recipient_types: 'cc',
      from_addresses: 'news@shop.example',
      sending_domains: 'shop.example',
      subjects: 'Invoice*',
      bounce_classes: '10',
      reasons: 'unknown',
      transmissions: '123',
    });
  });

  it('keeps a plain /activity plain and falls back to the last day for an unknown range', () => {
    expect(activitySearch(defaultQuery())).toBe('');
    expect(parseActivityQuery('?range=99').range).toBe('1');
  });

  it('names the value at fault', () => {
    const query = parseActivityQuery('?bounceClassificationCode=10,ten&transmissionId=x1&recipientTo=nobody');
    expect(checkActivityQuery(query, defaultRangeRules, now)).toEqual({
      bounceClassificationCode: '"ten" is not a bounce classification code (1 to 3 digits)',
      transmissionId: '"x1" is not a transmission ID (digits only)',
      recipientTo: '"nobody" is not an email address',
    });
  });

  it('checks a custom range, with the restricted profiles limits', () => {
    const custom = (from: string, to: string) => ({ ...defaultQuery(), range: 'custom' as const, from, to });
    expect(checkActivityQuery(custom('', ''), defaultRangeRules, now)).toEqual({
      from: 'Choose when the range starts',
      to: 'Choose when the range ends',
    });
    expect(
      checkActivityQuery(custom('2026-11-20T10:00', '2026-11-19T10:00'), defaultRangeRules, now),
    ).toEqual({
      to: 'The end must be after the start',
    });
    expect(
      checkActivityQuery(custom('2026-09-01T00:00', '2026-11-20T00:00'), defaultRangeRules, now),
    ).toEqual({});
    expect(
      checkActivityQuery(custom('2026-09-01T00:00', '2026-11-20T00:00'), restrictedRangeRules, now),
    ).toEqual({
      to: 'Choose at most 30 days, starting at most 367 days back',
    });
  });
});
