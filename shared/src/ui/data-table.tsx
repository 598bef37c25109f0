import type { ReactNode } from 'react';

export interface Column<Row> {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
  /** Hidden below 767px (the §9 mobile breakpoint) when the column is secondary. */
  secondary?: boolean;
}

/**
 * A plain, accessible table (Shoelace has none) that scrolls sideways on narrow screens; `empty` is
 * shown instead when there are no rows.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
}: {
  label: string;
  columns: Array<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty?: ReactNode;
}) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className="app-table-scroll">
      <table className="app-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" data-secondary={column.secondary ? 'true' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-secondary={column.secondary ? 'true' : undefined}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
