import type { SuppressionBulkEntry } from '@app/contract';
import { Alert, Button, DataTable, engineFieldErrors } from '@app/shared';
import { useId, useState } from 'react';
import { putSuppressions } from './api.ts';
import { type CheckedCsv, CsvRefusal, maxCsvBytes, maxCsvRows, readSuppressionCsv } from './csv-rows.ts';
import { type UploadOutcome, type UploadProgress, uploadInBatches } from './upload-batches.ts';

/** Rows with errors listed on the page; the count says how many more there are. */
const errorsShown = 100;

type State =
  | { step: 'idle' }
  | { step: 'reading'; name: string }
  | { step: 'refused'; name: string; reason: string }
  | {
      step: 'checked';
      name: string;
      checked: CheckedCsv;
      progress?: UploadProgress;
      outcome?: UploadOutcome;
    };

/**
 * Bulk upload from a CSV file: parsed and checked in the browser (each bad row named by its line),
 * then the good rows sent in batches with a progress bar. A refused file, or a failed batch, loses
 * nothing: what was not sent is said, and can be sent again.
 */
export function CsvUpload({ onUploaded }: { onUploaded: () => void }) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const inputId = useId();
  const hintId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ step: 'reading', name: file.name });
    try {
      setState({ step: 'checked', name: file.name, checked: await readSuppressionCsv(file) });
    } catch (error) {
      const reason =
        error instanceof CsvRefusal
          ? error.message
          : `The file could not be read (${(error as Error).message}).`;
      setState({ step: 'refused', name: file.name, reason });
    }
  };

  const upload = async (checked: CheckedCsv, name: string, from: number) => {
    const show = (progress: UploadProgress, outcome?: UploadOutcome) =>
      setState({ step: 'checked', name, checked, progress, ...(outcome ? { outcome } : {}) });
    const put = (batch: SuppressionBulkEntry[]) =>
      putSuppressions(batch).catch((error: unknown) => {
        throw new Error(engineFieldErrors(error, {}).form);
      });
    const outcome = await uploadInBatches(checked.valid, from, put, (progress) => show(progress));
    const done = outcome.failed ? outcome.failed.from : checked.valid.length;
    show({ done, total: checked.valid.length }, { ...outcome, uploaded: done });
    if (outcome.uploaded > 0) onUploaded();
  };

  const checked = state.step === 'checked' ? state : undefined;
  const uploading = checked?.progress !== undefined && checked.outcome === undefined;
  const failedFrom = checked?.outcome?.failed?.from;
  const notSent = checked && failedFrom !== undefined ? checked.checked.valid.slice(failedFrom) : [];

  return (
    <div>
      <p className="muted" id={hintId}>
        A CSV file with the header <code>recipient,type,description</code> and one address a line; type is{' '}
        <code>transactional</code> or <code>non_transactional</code>. At most{' '}
        {maxCsvRows.toLocaleString('en-US')} lines and {maxCsvBytes / 1024 / 1024} MB a file.
      </p>
      <label htmlFor={inputId}>CSV file</label>{' '}
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={hintId}
        disabled={uploading || state.step === 'reading'}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {state.step === 'reading' ? <p role="status">Checking {state.name} ...</p> : null}
      {state.step === 'refused' ? (
        <Alert type="danger" title={`${state.name} was not uploaded`}>
          {state.reason} Nothing of it was added.
        </Alert>
      ) : null}
      {checked ? (
        <div style={{ marginTop: 12 }}>
          <p role="status">
            {checked.name}: {checked.checked.valid.length.toLocaleString('en-US')} valid{' '}
            {checked.checked.valid.length === 1 ? 'row' : 'rows'},{' '}
            {checked.checked.errors.length.toLocaleString('en-US')} with errors.
          </p>
          {checked.checked.errors.length > 0 ? (
            <>
              <DataTable
                label="Rows with errors"
                columns={[
                  { key: 'line', label: 'Line', render: (row) => row.line },
                  { key: 'message', label: 'Error', render: (row) => row.message },
                ]}
                rows={checked.checked.errors.slice(0, errorsShown)}
                rowKey={(row) => String(row.line)}
              />
              <p className="muted">
                {checked.checked.errors.length > errorsShown
                  ? `And ${checked.checked.errors.length - errorsShown} more rows with errors. `
                  : ''}
                Rows with errors are not uploaded: correct them in the file and upload it again.
              </p>
            </>
          ) : null}
          {checked.progress ? (
            <sl-progress-bar
              value={Math.round((checked.progress.done / Math.max(checked.progress.total, 1)) * 100)}
              label="Upload progress"
            >
              {checked.progress.done.toLocaleString('en-US')} of{' '}
              {checked.progress.total.toLocaleString('en-US')}
            </sl-progress-bar>
          ) : null}
          {checked.outcome && !checked.outcome.failed ? (
            <Alert type="success" title="Upload complete">
              {checked.checked.valid.length.toLocaleString('en-US')}{' '}
              {checked.checked.valid.length === 1 ? 'entry was' : 'entries were'} added to the suppression
              list.
            </Alert>
          ) : null}
          {checked.outcome?.failed ? (
            <Alert type="danger" title="The upload stopped">
              {checked.outcome.failed.reason.replace(/\.$/, '')}. {failedFrom ?? 0} of{' '}
              {checked.checked.valid.length} rows were added; the valid rows from line {notSent[0]?.line} on
              were not.{' '}
              <Button
                variant="text"
                size="small"
                onClick={() => void upload(checked.checked, checked.name, failedFrom ?? 0)}
              >
                Upload the rest
              </Button>
            </Alert>
          ) : null}
          {!checked.progress ? (
            <div className="app-page-actions" style={{ marginTop: 12 }}>
              <Button
                disabled={checked.checked.valid.length === 0}
                onClick={() => void upload(checked.checked, checked.name, 0)}
              >
                Upload {checked.checked.valid.length.toLocaleString('en-US')} valid{' '}
                {checked.checked.valid.length === 1 ? 'row' : 'rows'}
              </Button>
              <Button variant="secondary" onClick={() => setState({ step: 'idle' })}>
                Choose another file
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
