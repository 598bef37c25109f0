import type { CampaignTimeline } from '@app/contract/marketing/campaign-reports';
import { DataTable, Skeleton, useLoad } from '@app/shared';
import { loadUplotInView } from '@app/shared/charts/load-uplot';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { CampaignApi } from './api.ts';

type Hour = CampaignTimeline['hours'][number];

const chartHeight = 220;

const seriesOf = [
  { key: 'delivered', label: 'Delivered', stroke: '#2563eb' },
  { key: 'opened', label: 'Opened', stroke: '#16a34a' },
  { key: 'clicked', label: 'Clicked', stroke: '#d97706' },
] as const;

function chartOptions(width: number): uPlot.Options {
  return {
    width,
    height: chartHeight,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false },
      y: { range: (_plot, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] },
    },
    axes: [{ label: 'Hours after the send started' }, {}],
    series: [
      { label: 'Hour', value: (_plot, value) => (value == null ? '' : `${value}–${value + 1} h`) },
      ...seriesOf.map((series) => ({ label: series.label, stroke: series.stroke, width: 2 })),
    ],
  };
}

/**
 * A campaign's first 48 hours as a chart (uPlot, loaded on demand): each hour's first deliveries,
 * people's opens and clicks; the same numbers in a table for screen readers and keyboard users.
 */
export function ReportTimeline({ api, campaignId }: { api: CampaignApi; campaignId: string }) {
  const timeline = useLoad(() => api.reportTimeline(campaignId), [api, campaignId]);
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [drawn, setDrawn] = useState(false);
  const hours = timeline.data?.hours;

  useEffect(() => {
    const element = host.current;
    if (!element || !hours) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let live = true;
    const away = new AbortController();
    loadUplotInView(element, away.signal).then(
      (Plot) => {
        if (!live) return;
        const data: uPlot.AlignedData = [
          hours.map((hour) => hour.hour),
          ...seriesOf.map((series) => hours.map((hour) => hour[series.key])),
        ];
        plot = new Plot(chartOptions(element.clientWidth || 600), data, element);
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
  }, [hours]);

  if (!hours) return <Skeleton lines={4} label="Loading the first 48 hours ..." />;
  const sum = (key: (typeof seriesOf)[number]['key']) => hours.reduce((total, hour) => total + hour[key], 0);
  return (
    <figure style={{ margin: 0 }} data-testid="report-timeline">
      {failed ? (
        <p className="muted">The chart could not be drawn ({failed}); the numbers are below.</p>
      ) : null}
      {!drawn && !failed ? <Skeleton lines={4} label="Drawing the chart ..." /> : null}
      <div
        ref={host}
        role="img"
        aria-label={`The first 48 hours: ${sum('delivered')} delivered, ${sum('opened')} opened, ${sum('clicked')} clicked`}
      />
      <figcaption className="muted">
        The first 48 hours, hour by hour: each recipient counted at its first delivery, open (by a person) and
        click.
      </figcaption>
      <details>
        <summary>Show the numbers per hour</summary>
        <DataTable
          label="The first 48 hours"
          columns={[
            { key: 'hour', label: 'Hour', render: (row: Hour) => `${row.hour}–${row.hour + 1} h` },
            ...seriesOf.map((series) => ({
              key: series.key,
              label: series.label,
              render: (row: Hour) => row[series.key].toLocaleString('en-US'),
            })),
          ]}
          rows={hours}
          rowKey={(row) => String(row.hour)}
        />
      </details>
    </figure>
  );
}
