import type { WebhookBatchStatus } from '@app/contract';
import {
  Button,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  Panel,
  StatusTag,
  useLoad,
} from '@app/shared';
import { batchStatuses } from './api.ts';
import { outcomeOf, stateLabels } from './batch-history.ts';

const stateVariants = { delivered: 'success', retrying: 'warning', failed: 'danger' } as const;

/**
 * The batches of the last 24 hours that were attempted: when, how many events, attempts and outcome.
 * Refresh also calls `onRefresh` (the page's last success and failure).
 */
export function BatchHistory({ id, onRefresh }: { id: string; onRefresh: () => void }) {
  const batches = useLoad(() => batchStatuses(id), [id]);
  return (
    <Panel
      title="Batch history"
      actions={
        <Button
          variant="secondary"
          size="small" // Busy only on a reload: a button first drawn busy stayed disabled (the attribute outlived the prop).
          busy={batches.status === 'loading' && batches.data !== undefined}
          onClick={() => {
            batches.reload();
            onRefresh();
          }}
        >
          Refresh
        </Button>
      }
    >
      <LoadStatus
        loaded={batches}
        lines={3}
        loading="Loading batches ..."
        failed="The batch history could not be loaded"
      />
      {batches.data ? (
        <DataTable
          label="Batches of the last 24 hours"
          rows={batches.data}
          rowKey={(batch) => batch.batch_id}
          columns={[
            {
              key: 'ts',
              label: 'Created',
              render: (batch: WebhookBatchStatus) => formatUserDateTime(batch.ts),
            },
            { key: 'size', label: 'Events', render: (batch: WebhookBatchStatus) => batch.batch_size },
            {
              key: 'state',
              label: 'Status',
              render: (batch: WebhookBatchStatus) =>
                batch.state ? (
                  <StatusTag variant={stateVariants[batch.state]}>{stateLabels[batch.state]}</StatusTag>
                ) : null,
            },
            {
              key: 'attempts',
              label: 'Failed attempts',
              secondary: true,
              render: (batch: WebhookBatchStatus) => batch.attempts,
            },
            {
              key: 'outcome',
              label: 'Outcome',
              render: (batch: WebhookBatchStatus) => (
                <>
                  {outcomeOf(batch)}
                  {batch.next_attempt ? (
                    <span className="muted"> (next attempt {formatUserDateTime(batch.next_attempt)})</span>
                  ) : null}
                </>
              ),
            },
            {
              key: 'latency',
              label: 'Latency',
              secondary: true,
              render: (batch: WebhookBatchStatus) =>
                batch.latency === undefined ? '—' : `${batch.latency} ms`,
            },
          ]}
          empty={
            <EmptyState title="No batches in the last 24 hours">
              Batches appear here once events happen: mail accepted, delivered, bounced, opened or clicked.
            </EmptyState>
          }
        />
      ) : null}
    </Panel>
  );
}
