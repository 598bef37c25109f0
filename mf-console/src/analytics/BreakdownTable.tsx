import type { AnalyticBreakdown, AnalyticFilterSet } from '@app/contract';
import { Button, type Column, DataTable, EmptyState, SelectField, type SelectOption } from '@app/shared';
import type { MetricRow } from './api.ts';
import { breakdownInfo, statusMetrics, valueLabel } from './metrics.ts';

const number = (row: MetricRow, metric: string) => Number(row[metric] ?? 0).toLocaleString();

/**
 * The chosen breakdown's rows (the largest first): the grouped value, the chosen statuses' counts,
 * and a button that narrows the whole page to that value.
 */
export function BreakdownTable({
  set,
  rows,
  options,
  onBreakdown,
  onFilter,
}: {
  set: AnalyticFilterSet;
  rows: readonly MetricRow[];
  options: readonly AnalyticBreakdown[];
  onBreakdown: (breakdown: AnalyticBreakdown) => void;
  onFilter: (value: string) => void;
}) {
  const info = breakdownInfo[set.breakdown];
  const keyOf = (row: MetricRow) => String(row[info.key] ?? '');
  const selectOptions: SelectOption[] = options.map((value) => ({
    value,
    label: breakdownInfo[value].label,
  }));
  const counts: Array<Column<MetricRow>> =
    set.breakdown === 'bounce-reason'
      ? [
          {
            key: 'class',
            label: 'Classification',
            secondary: true,
            render: (row) => String(row.bounce_class_name ?? ''),
          },
          { key: 'count_bounce', label: 'Bounce', render: (row) => number(row, 'count_bounce') },
        ]
      : set.status.map((status) => ({
          key: status,
          label: status,
          render: (row: MetricRow) => number(row, statusMetrics[status]),
        }));
  const filter = info.filter;
  const columns: Array<Column<MetricRow>> = [
    { key: 'value', label: info.column, render: (row) => valueLabel(filter, keyOf(row)) },
    ...counts,
    ...(filter
      ? [
          {
            key: 'only',
            label: 'Filter',
            secondary: true,
            render: (row: MetricRow) =>
              keyOf(row) === '' || set.filters[filter]?.includes(keyOf(row)) ? null : (
                <Button variant="text" size="small" onClick={() => onFilter(keyOf(row))}>
                  Only this<span className="visually-hidden"> {valueLabel(filter, keyOf(row))}</span>
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <>
      <div style={{ maxWidth: 320 }}>
        <SelectField
          label="Breakdown by"
          value={set.breakdown}
          options={selectOptions}
          onChange={(value) => onBreakdown(value as AnalyticBreakdown)}
        />
      </div>
      <DataTable
        label={`Messages by ${info.label.toLowerCase()}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => `${keyOf(row)}|${String(row.bounce_class_name ?? '')}`}
        empty={
          <EmptyState title={`No ${info.label.toLowerCase()} data in this range`}>
            {set.breakdown === 'bounce-reason'
              ? 'Nothing bounced in this range.'
              : 'Rows appear here once mail is sent in the chosen range.'}
          </EmptyState>
        }
      />
    </>
  );
}
