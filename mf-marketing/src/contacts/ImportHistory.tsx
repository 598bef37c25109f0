import type { ImportHistoryAnswer, ImportStatus } from '@app/contract/marketing/contact-imports';
import { type Column, DataTable, EmptyState, formatUserDateTime, StatusTag } from '@app/shared';

const stateTags = {
  prepared: { variant: 'neutral', label: 'Not started' },
  running: { variant: 'primary', label: 'Running' },
  done: { variant: 'success', label: 'Done' },
  failed: { variant: 'danger', label: 'Failed' },
} as const;

const columns: Column<ImportStatus>[] = [
  { key: 'file', label: 'File', render: (entry) => entry.fileName },
  {
    key: 'createdAt',
    label: 'Uploaded',
    secondary: true,
    render: (entry) => formatUserDateTime(entry.createdAt),
  },
  {
    key: 'state',
    label: 'State',
    render: (entry) => (
      <StatusTag variant={stateTags[entry.state].variant}>{stateTags[entry.state].label}</StatusTag>
    ),
  },
  {
    key: 'counts',
    label: 'Added / updated / skipped / rejected',
    render: (entry) =>
      [entry.added, entry.updated, entry.skipped, entry.failed]
        .map((n) => n.toLocaleString('en-US'))
        .join(' / '),
  },
];

/** The company's past imports, newest first. */
export function ImportHistory({ history }: { history: ImportHistoryAnswer }) {
  return (
    <DataTable
      label="Import history"
      columns={columns}
      rows={history.items}
      rowKey={(entry) => entry.importId}
      empty={
        <EmptyState title="No imports yet">Imported files are listed here with what each one did.</EmptyState>
      }
    />
  );
}
