import { defaultRangeRules, restrictedRangeRules } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultFilterSet,
  filterSetFromQuery,
  queryOfFilterSet,
  withFilter,
  withoutFilter,
} from './filter-set.ts';
import { seriesSummary } from './TimeSeriesChart.tsx';
import { customRangeProblem, metricsWindowOf } from './time-window.ts';

const now = Date.UTC(2026, 10, 24, 15, 30, 10);

describe('the analytics view in the URL query', () => {
  it('reads the default view from an empty query', () => {
    expect(filterSetFromQuery('')).toEqual(defaultFilterSet);
  });

  it('reads back what it wrote', () => {
    const set = withFilter(
      {
        range: 'custom',
        from: '2026-11-01',
        to: '2026-11-10',
        status: ['Bounce'],
        breakdown: 'domain',
        filters: {},
      },
      'sending_domains',
      'mail.example',
    );
    expect(filterSetFromQuery(`?${queryOfFilterSet(set)}`)).toEqual(set);
  });

  it('falls back to the default for unknown values and a custom range without dates', () => {
    expect(filterSetFromQuery('?range=90&status=Open,Bounce&breakdown=planet')).toEqual({
      ...defaultFilterSet,
      status: ['Bounce'],
    });
    expect(filterSetFromQuery('?range=custom&from=2026-11-01').range).toBe('7');
  });

  it('adds and removes one filter value', () => {
    const one = withFilter(defaultFilterSet, 'domains', 'a.example');
    expect(withFilter(one, 'domains', 'a.example')).toBe(one);
    expect(withoutFilter(one, 'domains', 'a.example').filters).toEqual({});
  });
});

describe('the Metrics API window of a view (UTC)', () => {
  it('ends at the next minute for the last days, hourly up to a week', () => {
    expect(metricsWindowOf({ ...defaultFilterSet, range: '1' }, now)).toEqual({
      from: '2026-11-23T15:31',
      to: '2026-11-24T15:31',
      precision: 'hour',
    });
    expect(metricsWindowOf({ ...defaultFilterSet, range: '30' }, now).precision).toBe('day');
  });

  it('covers a custom range’s whole days', () => {
    const set = { ...defaultFilterSet, range: 'custom' as const, from: '2026-11-01', to: '2026-11-03' };
    expect(metricsWindowOf(set, now)).toEqual({
      from: '2026-11-01T00:00',
      to: '2026-11-04T00:00',
      precision: 'hour',
    });
  });
});

describe('custom range rules (§6, §9)', () => {
  it('accepts a range within the rules', () => {
    expect(customRangeProblem(restrictedRangeRules, '2026-10-26', '2026-11-24', now)).toBeNull();
    expect(customRangeProblem(defaultRangeRules, '2025-01-01', '2026-11-24', now)).toBeNull();
  });

  it('says what is wrong', () => {
    expect(customRangeProblem(defaultRangeRules, '', '2026-11-01', now)).toBe(
      'Choose a start date and an end date.',
    );
    expect(customRangeProblem(defaultRangeRules, '2026-11-05', '2026-11-01', now)).toBe(
      'The start date must be on or before the end date.',
    );
    expect(customRangeProblem(defaultRangeRules, '2026-11-05', '2026-11-25', now)).toBe(
      'The end date cannot be after today.',
    );
    expect(customRangeProblem(restrictedRangeRules, '2026-10-01', '2026-11-01', now)).toBe(
      'Choose at most 30 days; this range has 32.',
    );
    expect(customRangeProblem(restrictedRangeRules, '2025-11-01', '2025-11-10', now)).toBe(
      'The start date can be at most 367 days ago (2025-11-22 or later).',
    );
  });
});

describe('the chart’s text for screen readers', () => {
  it('gives each line’s total and busiest bucket', () => {
    const series = [
      { ts: '2026-11-24T10:00:00+00:00', count_injected: 2, count_bounce: 0 },
      { ts: '2026-11-24T11:00:00+00:00', count_injected: 3, count_bounce: 0 },
    ];
    expect(seriesSummary(series, ['Injection', 'Bounce'], 'hour')).toBe(
      'Messages per hour from 2026-11-24 10:00 to 2026-11-24 11:00 UTC. Injection: 5 in total, at most 3 in one hour (2026-11-24 11:00 UTC). Bounce: none.',
    );
  });
});
