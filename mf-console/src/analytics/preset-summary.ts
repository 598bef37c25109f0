import type { AnalyticFilterSet } from '@app/contract';
import { breakdownInfo, filterLabels, valueLabel } from './metrics.ts';

const rangeLabels = { '1': 'Last 1 day', '7': 'Last 7 days', '30': 'Last 30 days' } as const;

/** A preset's filters in words, as the preset list shows them. */
export function presetSummary(set: AnalyticFilterSet): { range: string; view: string } {
  const range =
    set.range === 'custom' ? `Custom Range: ${set.from ?? '?'} to ${set.to ?? '?'}` : rangeLabels[set.range];
  const filters = Object.entries(set.filters).flatMap(([key, values]) =>
    (values ?? []).map(
      (value) =>
        `${filterLabels[key as keyof typeof filterLabels]} ${valueLabel(key as keyof typeof filterLabels, value)}`,
    ),
  );
  const view = [
    set.status.join(', '),
    `by ${breakdownInfo[set.breakdown].label.toLowerCase()}`,
    ...(filters.length > 0 ? [`only ${filters.join(', ')}`] : []),
  ].join('; ');
  return { range, view };
}
