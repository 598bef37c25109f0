import { dashboardRanges } from '@app/contract/marketing/dashboard-ranges';
import { isoAtOffset } from '@app/contract/rules/time';
import { $team, Button, type Column, DataTable, LoadStatus, Panel, SelectField, useLoad } from '@app/shared';
import { useState } from 'react';
import type { PageApi } from './api.ts';

const dayMs = 24 * 60 * 60 * 1000;
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  if (!code) return 'Unknown (private or unlisted address)';
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/** The last `days` days up to today, in the team's days (the server counts visits in them too). */
const rangeOf = (days: number) => {
  const offset = $team.get()?.timezoneOffset ?? '+0000';
  return {
    start: isoAtOffset(new Date(Date.now() - (days - 1) * dayMs), offset).slice(0, 10),
    end: isoAtOffset(new Date(), offset).slice(0, 10),
  };
};

/** §7 page reports: visits and daily unique visitors per day, and where they came from, exportable as CSV. */
export function PageReportPanel({ api, pageId }: { api: PageApi; pageId: string }) {
  const [days, setDays] = useState<number>(dashboardRanges[1]);
  const range = rangeOf(days);
  const report = useLoad(() => api.report(pageId, range), [api, pageId, range.start, range.end]);
  const dayColumns: Column<{ day: string; visits: number; visitors: number }>[] = [
    { key: 'day', label: 'Day', render: (row) => row.day },
    { key: 'visits', label: 'Visits', render: (row) => row.visits.toLocaleString('en-US') },
    { key: 'visitors', label: 'Unique visitors', render: (row) => row.visitors.toLocaleString('en-US') },
  ];
  const placeColumns: Column<{ country: string; visits: number }>[] = [
    { key: 'country', label: 'Country', render: (row) => countryName(row.country) },
    { key: 'visits', label: 'Visits', render: (row) => row.visits.toLocaleString('en-US') },
  ];
  return (
    <Panel
      title="Report"
      actions={
        <Button
          variant="secondary"
          size="small"
          disabled={!report.data || report.data.visits === 0}
          onClick={() => void api.exportReport(pageId, range)}
        >
          Export CSV
        </Button>
      }
    >
      <SelectField
        label="Range"
        value={String(days)}
        options={dashboardRanges.map((value) => ({ value: String(value), label: `Last ${value} days` }))}
        onChange={(value) => setDays(Number(value))}
      />
      <LoadStatus
        loaded={report}
        lines={3}
        loading="Loading the report ..."
        failed="The report could not be loaded"
      />
      {report.data ? (
        <>
          <p data-testid="page-report-totals">
            <strong>{report.data.visits.toLocaleString('en-US')}</strong>{' '}
            {report.data.visits === 1 ? 'visit' : 'visits'} and{' '}
            <strong>{report.data.visitors.toLocaleString('en-US')}</strong>{' '}
            {report.data.visitors === 1 ? 'visitor' : 'visitors'} (counted once a day) from {range.start} to{' '}
            {range.end}. Robots and link previews are not counted.
          </p>
          <DataTable
            label="Visits by day"
            columns={dayColumns}
            rows={report.data.days}
            rowKey={(row) => row.day}
            empty={<p>No visits in this range.</p>}
          />
          <DataTable
            label="Visits by country"
            columns={placeColumns}
            rows={report.data.locations}
            rowKey={(row) => row.country || 'unknown'}
            empty={<p>No visits in this range.</p>}
          />
        </>
      ) : null}
    </Panel>
  );
}
