import type { ImportStatus } from '@app/contract/marketing/contact-imports';
import { Alert, Button, downloadFile, LinkButton } from '@app/shared';
import { useEffect, useState } from 'react';
import type { ContactApi } from './api.ts';

const pollMs = 1000;
const count = (value: number) => value.toLocaleString('en-US');

/** Step 3: the running import's progress, read every second, then its result and the rejected rows. */
export function ImportProgress({
  api,
  started,
  onFinished,
  onAnother,
}: {
  api: ContactApi;
  started: ImportStatus;
  onFinished: () => void;
  onAnother: () => void;
}) {
  const [status, setStatus] = useState(started);
  const running = status.state === 'running';

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => {
      api.importStatus(status.importId).then(
        (next) => {
          setStatus(next);
          if (next.state !== 'running') onFinished();
        },
        () => setStatus({ ...status }),
      );
    }, pollMs);
    return () => clearTimeout(timer);
  }, [api, status, running]);

  const share = status.total > 0 ? status.processed / status.total : 0;
  const rejected = status.skipped + status.failed;
  return (
    <section aria-label="Import progress" aria-live="polite">
      <p>
        <strong>{status.fileName}</strong>
      </p>
      {running ? (
        <>
          <sl-progress-bar
            value={Math.round(share * 100)}
            indeterminate={status.total === 0}
            label="Import progress"
          />
          <p className="muted">
            {status.total === 0
              ? `Reading the file: ${count(status.read)} rows so far`
              : `${count(status.processed)} of ${count(status.total)} rows`}
          </p>
        </>
      ) : status.state === 'done' ? (
        <Alert type="success" title="Import finished">
          {count(status.added)} added, {count(status.updated)} updated, {count(status.skipped)} skipped,{' '}
          {count(status.failed)} rejected, of {count(status.total)} rows.
        </Alert>
      ) : (
        <Alert type="danger" title="Import failed">
          {status.error ?? 'The import stopped.'}
        </Alert>
      )}
      <dl className="import-counts">
        {(
          [
            ['Added', status.added],
            ['Updated', status.updated],
            ['Skipped', status.skipped],
            ['Rejected', status.failed],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{count(value)}</dd>
          </div>
        ))}
      </dl>
      {!running ? (
        <div className="app-page-actions">
          {rejected > 0 ? (
            <Button
              variant="secondary"
              onClick={() =>
                void downloadFile(api.rejectedRowsPath(status.importId), `${status.fileName}-rejected.csv`)
              }
            >
              Download rejected rows
            </Button>
          ) : null}
          <LinkButton to="/contact" variant="primary">
            Open Contact Book
          </LinkButton>
          <Button variant="secondary" onClick={onAnother}>
            Import another file
          </Button>
        </div>
      ) : null}
    </section>
  );
}
