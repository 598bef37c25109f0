import { type AnalyticFilterSet, type AnalyticPreset, analyticFilterKeys } from '@app/contract';
import { http } from '@app/shared';
import { statusMetrics, summaryMetrics } from './metrics.ts';
import type { MetricsWindow } from './time-window.ts';

// The analytics page's calls: the Metrics API (`/api/v1/metrics`, answers `{results}`) for the
// numbers, and the console's `/v1/analytic-presets` for the saved views.

export type MetricRow = Record<string, number | string>;

const quiet = { quiet: true };

/** The Metrics API query of a view: its window (UTC) and filters, and the metrics asked for. */
function metricsQuery(set: AnalyticFilterSet, window: MetricsWindow, metrics: readonly string[]) {
  const query = new URLSearchParams({ from: window.from, to: window.to, timezone: 'UTC' });
  query.set('metrics', metrics.join(','));
  for (const key of analyticFilterKeys) {
    const values = set.filters[key];
    if (values && values.length > 0) query.set(key, values.join(','));
  }
  return query;
}

const metricsGet = async (path: string, query: URLSearchParams) =>
  (await http.transactional.get<{ results: MetricRow[] }>(`/metrics/deliverability${path}?${query}`, quiet))
    .results;

export interface Overview {
  totals: MetricRow;
  series: MetricRow[];
}

/** The totals of the summary cards and the time series of the chosen statuses. */
export async function loadOverview(set: AnalyticFilterSet, window: MetricsWindow): Promise<Overview> {
  const series = metricsQuery(
    set,
    window,
    set.status.map((status) => statusMetrics[status]),
  );
  series.set('precision', window.precision);
  const [totals, points] = await Promise.all([
    metricsGet('', metricsQuery(set, window, summaryMetrics)),
    metricsGet('/time-series', series),
  ]);
  return { totals: totals[0] ?? {}, series: points };
}

/** The breakdown table's rows (at most 100, the largest first). */
export async function loadBreakdown(set: AnalyticFilterSet, window: MetricsWindow): Promise<MetricRow[]> {
  const metrics =
    set.breakdown === 'bounce-reason'
      ? ['count_bounce']
      : [...new Set(['count_targeted', ...set.status.map((status) => statusMetrics[status])])];
  const query = metricsQuery(set, window, metrics);
  query.set('limit', '100');
  return metricsGet(`/${set.breakdown}`, query);
}

const presetPath = (id: string) => `/analytic-presets/${encodeURIComponent(id)}`;

export const listPresets = async () =>
  (await http.config.get<{ items: AnalyticPreset[] }>('/analytic-presets')).items;

/** Quiet: the page says itself that the preset does not exist. */
export const getPreset = (id: string) => http.config.get<AnalyticPreset>(presetPath(id), quiet);

/** Quiet: the dialog shows the reason (a name in use, the limit) next to the name. */
export const createPreset = (name: string, filters: AnalyticFilterSet) =>
  http.config.post<AnalyticPreset>('/analytic-presets', { name, filters }, quiet);

export const renamePreset = (id: string, name: string) =>
  http.config.put<AnalyticPreset>(presetPath(id), { name }, quiet);

export const deletePreset = (id: string) => http.config.delete<unknown>(presetPath(id));

/** Not quiet: a failure shows as a toast. */
export const updatePresetFilters = (id: string, filters: AnalyticFilterSet) =>
  http.config.put<AnalyticPreset>(presetPath(id), { filters });
