import type { RecipientValidationJob, ValidationBatchStatus } from '@app/contract';
import {
  Button,
  DataTable,
  EmptyState,
  engineMessage,
  formatUserDateTime,
  roleAllows,
  StatusTag,
  showToast,
} from '@app/shared';
import { useState } from 'react';
import { downloadResults, triggerList } from './api.ts';

const statuses: Record<
  ValidationBatchStatus,
  { label: string; variant: 'success' | 'warning' | 'danger' | 'primary' }
> = {
  queued_for_batch: { label: 'Uploaded', variant: 'warning' },
  validating: { label: 'Validating', variant: 'primary' },
  success: { label: 'Complete', variant: 'success' },
  error: { label: 'Failed', variant: 'danger' },
};

const percent = (job: RecipientValidationJob) =>
  job.address_count === 0 ? 100 : Math.floor((job.addresses_validated / job.address_count) * 100);

/** One action per state: start an uploaded list, resume a failed one, download a complete one. */
function JobAction({ job, onChanged }: { job: RecipientValidationJob; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      showToast({ type: 'danger', title: failure, message: engineMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  if (job.batch_status === 'success') {
    return (
      <Button
        size="small"
        variant="secondary"
        busy={busy}
        onClick={() => void run(() => downloadResults(job), 'The results could not be downloaded')}
      >
        Download results
      </Button>
    );
  }
  const startable = job.batch_status === 'queued_for_batch' || job.batch_status === 'error';
  if (startable && !roleAllows('send')) return <span className="muted">Not started</span>;
  if (startable) {
    return (
      <Button
        size="small"
        busy={busy}
        onClick={() =>
          void run(() => triggerList(job.list_id).then(onChanged), 'The list could not be started')
        }
      >
        {job.batch_status === 'error' ? 'Resume' : 'Start validation'}
      </Button>
    );
  }
  return <span className="muted">Running</span>;
}

/** The account's lists, newest first, with each one's progress and results. */
export function JobsTable({ jobs, onChanged }: { jobs: RecipientValidationJob[]; onChanged: () => void }) {
  return (
    <DataTable
      label="Validation lists"
      rows={jobs}
      rowKey={(job) => job.list_id}
      columns={[
        { key: 'file', label: 'File', render: (job) => job.original_filename },
        {
          key: 'status',
          label: 'Status',
          render: (job) => (
            <StatusTag variant={statuses[job.batch_status].variant}>
              {statuses[job.batch_status].label}
            </StatusTag>
          ),
        },
        {
          key: 'progress',
          label: 'Progress',
          render: (job) => (
            <div style={{ minWidth: 140 }}>
              <sl-progress-bar value={percent(job)} label={`${job.original_filename} progress`} />
              <span className="muted">
                {job.addresses_validated.toLocaleString('en-US')} of{' '}
                {job.address_count.toLocaleString('en-US')} addresses
              </span>
            </div>
          ),
        },
        {
          key: 'uploaded',
          label: 'Uploaded',
          secondary: true,
          render: (job) => formatUserDateTime(new Date(job.upload_timestamp * 1000)),
        },
        { key: 'actions', label: 'Actions', render: (job) => <JobAction job={job} onChanged={onChanged} /> },
      ]}
      empty={
        <EmptyState title="No lists yet">
          Upload a CSV file of addresses above: each one is checked like a single address, and you download
          the results as a CSV file.
        </EmptyState>
      }
    />
  );
}
