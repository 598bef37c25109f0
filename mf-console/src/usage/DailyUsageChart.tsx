import { DataTable, Skeleton } from '@app/shared';
import { loadUplotInView } from '@app/shared/charts/load-uplot';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { displayDate, formatCount } from './quota.ts';

export interface DayCount {
  /** Start of the UTC day, in ms. */
  day: number;
  count: number;
}

const chartHeight = 220;

function chartOptions(Plot: typeof uPlot, width: number): uPlot.Options {
  const bars = Plot.paths.bars?.({ size: [0.6, 40] });
  return {
    width,
    height: chartHeight,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
    axes: [{}, { values: (_plot, ticks) => ticks.map((tick) => formatCount(tick)) }],
    series: [
      { label: 'Day', value: (_plot, value) => (value == null ? '' : displayDate(new Date(value * 1000))) },
      {
        label: 'Emails',
        stroke: 'var(--sl-color-primary-600, #2563eb)',
        fill: 'rgba(37, 99, 235, 0.35)',
        ...(bars ? { paths: bars, points: { show: false } } : {}),
        value: (_plot, value) => (value == null ? '' : formatCount(value)),
      },
    ],
  };
}

/**
 * Emails sent per day as a bar chart (uPlot, loaded on demand), sized to its container; the same
 * numbers are in a table below it for screen readers and keyboard users.
 */
export function DailyUsageChart({ days }: { days: readonly DayCount[] }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let live = true;
    const away = new AbortController();
    loadUplotInView(element, away.signal).then(
      (Plot) => {
        if (!live) return;
        const data: uPlot.AlignedData = [days.map((day) => day.day / 1000), days.map((day) => day.count)];
        plot = new Plot(chartOptions(Plot, element.clientWidth || 600), data, element);
        observer = new ResizeObserver(() =>
          plot?.setSize({ width: element.clientWidth, height: chartHeight }),
        );
        observer.observe(element);
        setDrawn(true);
      },
      (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
      away.abort();
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days]);

  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <figure style={{ margin: 0 }}>
      {failed ? (
        <p className="muted">The chart could not be drawn ({failed}); the numbers are below.</p>
      ) : null}
      {!drawn && !failed ? <Skeleton lines={4} label="Drawing the chart ..." /> : null}
      <div
        ref={host}
        role="img"
        aria-label={`Emails sent per day: ${formatCount(total)} in ${days.length} days`}
      />
      <figcaption className="muted">Emails sent per day (UTC). Total: {formatCount(total)}.</figcaption>
      <details>
        <summary>Show the numbers per day</summary>
        <DataTable
          label="Emails sent per day"
          columns={[
            { key: 'day', label: 'Day', render: (row: DayCount) => displayDate(new Date(row.day)) },
            { key: 'count', label: 'Emails', render: (row: DayCount) => formatCount(row.count) },
          ]}
          rows={days}
          rowKey={(row) => String(row.day)}
        />
      </details>
    </figure>
  );
}
