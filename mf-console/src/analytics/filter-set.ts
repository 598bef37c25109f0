import {
  type AnalyticBreakdown,
  type AnalyticFilterKey,
  type AnalyticFilterSet,
  type AnalyticRange,
  type AnalyticStatus,
  analyticBreakdowns,
  analyticFilterKeys,
  analyticRanges,
  analyticStatuses,
} from '@app/contract';

/** What /analytic shows without a query: the last 7 days, every status, by sending domain. */
export const defaultFilterSet: AnalyticFilterSet = {
  range: '7',
  status: [...analyticStatuses],
  breakdown: 'sending-domain',
  filters: {},
};

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);
const listOf = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/**
 * The view a URL query asks for (`range`, `from`, `to`, `status`, `breakdown` and one list per
 * filter); anything missing or unknown falls back to the default, so an edited link still opens.
 */
export function filterSetFromQuery(search: string): AnalyticFilterSet {
  const query = new URLSearchParams(search);
  const range = query.get('range');
  const status = listOf(query.get('status')).filter((value): value is AnalyticStatus =>
    (analyticStatuses as readonly string[]).includes(value),
  );
  const breakdown = query.get('breakdown');
  const filters: AnalyticFilterSet['filters'] = {};
  for (const key of analyticFilterKeys) {
    const values = listOf(query.get(key));
    if (values.length > 0) filters[key] = values;
  }
  const from = query.get('from');
  const to = query.get('to');
  const custom = range === 'custom' && isDay(from) && isDay(to);
  return {
    range:
      (analyticRanges as readonly string[]).includes(range ?? '') && (range !== 'custom' || custom)
        ? (range as AnalyticRange)
        : defaultFilterSet.range,
    ...(custom ? { from, to } : {}),
    status: status.length > 0 ? [...new Set(status)] : defaultFilterSet.status,
    breakdown: (analyticBreakdowns as readonly string[]).includes(breakdown ?? '')
      ? (breakdown as AnalyticBreakdown)
      : defaultFilterSet.breakdown,
    filters,
  };
}

/** The URL query of a view (the inverse of filterSetFromQuery), in a stable order. */
export function queryOfFilterSet(set: AnalyticFilterSet): string {
  const query = new URLSearchParams();
  query.set('range', set.range);
  if (set.range === 'custom' && set.from && set.to) {
    query.set('from', set.from);
    query.set('to', set.to);
  }
  query.set('status', set.status.join(','));
  query.set('breakdown', set.breakdown);
  for (const key of analyticFilterKeys) {
    const values = set.filters[key];
    if (values && values.length > 0) query.set(key, values.join(','));
  }
  return query.toString();
}

/** The view with one more value in a filter (no change when it is already there). */
export function withFilter(set: AnalyticFilterSet, key: AnalyticFilterKey, value: string): AnalyticFilterSet {
  const values = set.filters[key] ?? [];
  if (values.includes(value)) return set;
  return { ...set, filters: { ...set.filters, [key]: [...values, value] } };
}

/** The view without one value of a filter. */
export function withoutFilter(
  set: AnalyticFilterSet,
  key: AnalyticFilterKey,
  value: string,
): AnalyticFilterSet {
  const values = (set.filters[key] ?? []).filter((kept) => kept !== value);
  const filters = { ...set.filters };
  if (values.length > 0) filters[key] = values;
  else delete filters[key];
  return { ...set, filters };
}
