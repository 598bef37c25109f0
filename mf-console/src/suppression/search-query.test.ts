import { describe, expect, it } from 'vitest';
import {
  emptyFilter,
  filterFromParams,
  filterQueryString,
  matchesFilter,
  searchRequestOf,
} from './search-query.ts';

describe('searchRequestOf', () => {
  it('searches a domain with the type, source and local-day range', () => {
    const checked = searchRequestOf({
      recipient: '@Example.COM ',
      type: 'transactional',
      source: 'Bounce Rule',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(checked).toEqual({
      request: {
        query: {
          per_page: '25',
          domain: 'example.com',
          types: 'transactional',
          sources: 'Bounce Rule',
          from: new Date('2026-01-01T00:00:00.000').toISOString(),
          to: new Date('2026-01-31T23:59:59.999').toISOString(),
        },
      },
    });
  });

  it('looks a whole address up exactly, with its type only', () => {
    expect(searchRequestOf({ ...emptyFilter, recipient: 'Ann@Example.com', source: 'Compliance' })).toEqual({
      request: { recipient: 'ann@example.com', query: { per_page: '25' } },
    });
  });

  it('names the field of each mistake', () => {
    expect(
      searchRequestOf({ ...emptyFilter, recipient: 'ann@', from: '2026-02-01', to: '2026-01-01' }),
    ).toEqual({
      errors: {
        recipient: 'Enter a whole address like name@example.com, or a domain like example.com',
        to: 'The end date must not be before the start date',
      },
    });
    expect(searchRequestOf({ ...emptyFilter, recipient: 'no domain' })).toEqual({
      errors: { recipient: 'no domain is not a domain: enter one like example.com, or a whole address' },
    });
  });
});

describe('matchesFilter', () => {
  const entry = { source: 'Manually Added', updated: new Date('2026-01-15T12:00:00').toISOString() };
  it('keeps an entry of the source and the days asked for', () => {
    expect(matchesFilter(entry, { source: 'Manually Added', from: '2026-01-15', to: '2026-01-15' })).toBe(
      true,
    );
    expect(matchesFilter(entry, { source: 'Bounce Rule', from: '', to: '' })).toBe(false);
    expect(matchesFilter(entry, { source: '', from: '2026-01-16', to: '' })).toBe(false);
  });
});

describe('the filter in the URL', () => {
  it('round-trips, leaving out what is not set or not known', () => {
    const filter = {
      ...emptyFilter,
      recipient: 'example.com',
      type: 'non_transactional' as const,
      to: '2026-01-31',
    };
    const query = filterQueryString(filter);
    expect(query).toBe('?recipient=example.com&type=non_transactional&to=2026-01-31');
    expect(filterFromParams(new URLSearchParams(query))).toEqual(filter);
    expect(filterFromParams(new URLSearchParams('type=spam&source=Nope'))).toEqual(emptyFilter);
    expect(filterQueryString(emptyFilter)).toBe('');
  });
});
