import type { SuppressionView } from '@app/contract';
import {
  Alert,
  Button,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  roleAllows,
  Skeleton,
  showToast,
} from '@app/shared';
import { removeSuppression } from './api.ts';
import { typeLabels } from './labels.ts';
import type { SearchState } from './use-suppression-search.ts';

const rowKey = (entry: SuppressionView) =>
  `${entry.subaccount_id}/${entry.recipient}/${entry.type}/${entry.list_id ?? ''}`;

/** The entries found, with Remove on each (after a confirmation) and "Show more" for the next page. */
export function ResultsTable({
  search,
  filtered,
  onRemoved,
}: {
  search: SearchState;
  /** Whether a filter is set (the empty state then says nothing matched rather than the list is empty). */
  filtered: boolean;
  onRemoved: () => void;
}) {
  const canRemove = roleAllows('suppression.manage');
  const remove = async (entry: SuppressionView) => {
    await removeSuppression(entry);
    showToast({
      type: 'success',
      title: 'Removed',
      message: `${entry.recipient} (${typeLabels[entry.type].toLowerCase()}) is no longer suppressed.`,
    });
    onRemoved();
  };
  const columns = [
    { key: 'recipient', label: 'Recipient', render: (entry: SuppressionView) => entry.recipient },
    { key: 'type', label: 'Type', render: (entry: SuppressionView) => typeLabels[entry.type] },
    { key: 'source', label: 'Source', render: (entry: SuppressionView) => entry.source },
    {
      key: 'description',
      label: 'Description',
      secondary: true,
      render: (entry: SuppressionView) => entry.description || <span className="muted">None</span>,
    },
    {
      key: 'updated',
      label: 'Updated',
      secondary: true,
      render: (entry: SuppressionView) => formatUserDateTime(entry.updated),
    },
    ...(canRemove
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (entry: SuppressionView) =>
              entry.source === 'Compliance' ? (
                <span className="muted">Kept for compliance</span>
              ) : (
                <ConfirmButton
                  label="Remove"
                  size="small"
                  variant="secondary"
                  title="Remove from the suppression list?"
                  confirmLabel="Remove"
                  question={
                    <p>
                      Mail of type {typeLabels[entry.type].toLowerCase()} to{' '}
                      <strong>{entry.recipient}</strong> will be sent again. Remove it only if the recipient
                      wants your mail.
                    </p>
                  }
                  onConfirm={() => remove(entry)}
                />
              ),
          },
        ]
      : []),
  ];

  if (search.status === 'loading' && search.entries.length === 0) {
    return <Skeleton lines={4} label="Searching the suppression list ..." />;
  }
  return (
    <>
      {search.status === 'failed' ? (
        <Alert type="danger" title="The search failed">
          {search.error}{' '}
          <Button variant="text" size="small" onClick={search.reload}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {search.status !== 'failed' || search.entries.length > 0 ? (
        <>
          <p className="muted" role="status">
            {search.total === 1 ? '1 entry' : `${search.total.toLocaleString('en-US')} entries`}
            {search.entries.length < search.total ? `, ${search.entries.length} shown` : ''}
          </p>
          <DataTable
            label="Suppressed addresses"
            columns={columns}
            rows={search.entries}
            rowKey={rowKey}
            empty={
              filtered ? (
                <EmptyState title="No matching entries">
                  Nothing on the list matches these filters. Clear them to see every entry.
                </EmptyState>
              ) : (
                <EmptyState title="The suppression list is empty">
                  Addresses that bounce hard, complain or unsubscribe land here, and mail to them is not sent.
                  You can also add addresses yourself, one at a time or from a CSV file.
                </EmptyState>
              )
            }
          />
          {search.next ? (
            <Button variant="secondary" busy={search.status === 'loading'} onClick={search.more}>
              Show more
            </Button>
          ) : null}
        </>
      ) : null}
    </>
  );
}
