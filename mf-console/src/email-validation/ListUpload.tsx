import { Alert, maxValidationListAddresses, maxValidationListBytes } from '@app/shared';
import { type DragEvent, useId, useState } from 'react';
import { engineMessage, triggerList, uploadList } from './api.ts';

const maxMegabytes = maxValidationListBytes / 1024 / 1024;

/** Why a file cannot be sent, checked before it is: its kind and size. */
export function fileRefusal(file: { name: string; size: number }): string | undefined {
  if (!/\.(csv|txt)$/i.test(file.name)) return `${file.name} is not a CSV file: choose a .csv or .txt file.`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxValidationListBytes) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a list may be at most ${maxMegabytes} MB. Split it and upload each part.`;
  }
  return undefined;
}

/**
 * A CSV list to validate, chosen with the file input or dropped on the area; uploaded, then
 * started at once. A refused file says why and changes nothing.
 */
export function ListUpload({ onStarted }: { onStarted: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState<string>();
  const [refusal, setRefusal] = useState<string>();

  const send = async (file: File | undefined) => {
    if (!file) return;
    const refused = fileRefusal(file);
    setRefusal(refused);
    if (refused) return;
    setBusy(file.name);
    try {
      const job = await uploadList(file);
      await triggerList(job.list_id);
      onStarted();
    } catch (error) {
      setRefusal(`${file.name} was not uploaded: ${engineMessage(error)}`);
    } finally {
      setBusy(undefined);
    }
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) void send(event.dataTransfer.files[0]);
  };

  return (
    <div>
      <fieldset
        data-dragging={dragging ? 'true' : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        style={{
          border: `2px dashed ${dragging ? 'var(--sl-color-primary-600)' : 'var(--sl-panel-border-color)'}`,
          borderRadius: 'var(--sl-border-radius-medium)',
          padding: 24,
          textAlign: 'center',
        }}
      >
        <legend>Drop a CSV file here, or choose one</legend>
        <label htmlFor={inputId}>CSV list</label>{' '}
        <input
          id={inputId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-describedby={hintId}
          disabled={busy !== undefined}
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <p className="muted" id={hintId}>
          One address a line (a header line is fine). At most{' '}
          {maxValidationListAddresses.toLocaleString('en-US')} addresses and {maxMegabytes} MB a list.
        </p>
      </fieldset>
      {busy ? <p role="status">Uploading {busy} ...</p> : null}
      {refusal ? <Alert type="danger">{refusal}</Alert> : null}
    </div>
  );
}
