import type { AnalyticStatus } from '@app/contract';
import { loadUplotInView } from '@app/shared/charts/load-uplot';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { MetricRow } from './api.ts';
import { statusMetrics } from './metrics.ts';

/** Line colours per status, readable on the light theme (contrast above 4.5:1 on white). */
const statusColors: Record<AnalyticStatus, string> = {
  Injection: '#1d4ed8',
  Delivery: '#15803d',
  Bounce: '#b91c1c',
};

const chartHeight = 280;

const timeLabel = (seconds: number, precision: 'hour' | 'day') => {
  const iso = new Date(seconds * 1000).toISOString();
  return precision === 'day' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
};

/** An x-axis tick: the date at midnight (UTC), else the hour on the §9 24-hour clock. */
const tickLabel = (seconds: number) => {
  const iso = new Date(seconds * 1000).toISOString();
  return iso.slice(11, 16) === '00:00' ? iso.slice(5, 10) : iso.slice(11, 16);
};

/** What a screen reader hears instead of the canvas: the totals and busiest bucket of each line. */
export function seriesSummary(
  series: readonly MetricRow[],
  statuses: readonly AnalyticStatus[],
  precision: 'hour' | 'day',
): string {
  if (series.length === 0) return 'No points in this range.';
  const first = String(series[0]?.ts ?? '');
  const last = String(series[series.length - 1]?.ts ?? '');
  const per = precision === 'day' ? 'day' : 'hour';
  const lines = statuses.map((status) => {
    const values = series.map((point) => Number(point[statusMetrics[status]] ?? 0));
    const total = values.reduce((sum, value) => sum + value, 0);
    const peak = Math.max(...values);
    const at = series[values.indexOf(peak)]?.ts;
    return total === 0
      ? `${status}: none`
      : `${status}: ${total} in total, at most ${peak} in one ${per} (${timeLabel(Date.parse(String(at)) / 1000, precision)} UTC)`;
  });
  return `Messages per ${per} from ${timeLabel(Date.parse(first) / 1000, precision)} to ${timeLabel(Date.parse(last) / 1000, precision)} UTC. ${lines.join('. ')}.`;
}

/**
 * Messages per hour or day of each chosen status (uPlot, times in UTC). Hovering shows each line's
 * value in the legend; the figure's label gives screen readers the totals.
 */
export function TimeSeriesChart({
  series,
  statuses,
  precision,
}: {
  series: readonly MetricRow[];
  statuses: readonly AnalyticStatus[];
  precision: 'hour' | 'day';
}) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let gone = false;
    const away = new AbortController();
    loadUplotInView(element, away.signal).then(
      (UPlot) => {
        if (gone) return;
        const xs = series.map((point) => Date.parse(String(point.ts)) / 1000);
        const data: uPlot.AlignedData = [
          xs,
          ...statuses.map((status) => series.map((point) => Number(point[statusMetrics[status]] ?? 0))),
        ];
        chart = new UPlot(
          {
            width: Math.max(element.clientWidth, 280),
            height: chartHeight,
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
            scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
            axes: [
              {
                label: precision === 'day' ? 'Day (UTC)' : 'Time (UTC)',
                values: (_u, ticks) => ticks.map(tickLabel),
              },
              {
                label: 'Messages',
                values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? tick : '')),
              },
            ],
            series: [
              {
                label: precision === 'day' ? 'Day' : 'Hour',
                value: (_u, value) => (value == null ? '—' : timeLabel(value, precision)),
              },
              ...statuses.map((status) => ({
                label: status,
                stroke: statusColors[status],
                width: 2,
                points: { show: series.length <= 60 },
                value: (_u: uPlot, value: number | null) => (value == null ? '—' : value.toLocaleString()),
              })),
            ],
          },
          data,
          element,
        );
        resize = new ResizeObserver(() =>
          chart?.setSize({ width: Math.max(element.clientWidth, 280), height: chartHeight }),
        );
        resize.observe(element);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      away.abort();
      resize?.disconnect();
      chart?.destroy();
    };
  }, [series, statuses, precision]);

  if (failed) return <p className="muted">The chart could not be loaded; reload the page to try again.</p>;
  return (
    <figure style={{ margin: 0 }}>
      <div
        ref={holder}
        role="img"
        aria-label={seriesSummary(series, statuses, precision)}
        style={{ minHeight: chartHeight }}
      />
    </figure>
  );
}
