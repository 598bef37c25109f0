import { maxValidationListAddresses } from '@app/contract';
import { Alert, engineMessage } from '@app/shared';
import { type DragEvent, useId, useState } from 'react';
import { triggerList, uploadList } from './api.ts';
import { fileRefusal, maxListMegabytes } from './list-file.ts';

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
          {maxValidationListAddresses.toLocaleString('en-US')} addresses and {maxListMegabytes} MB a list.
        </p>
      </fieldset>
      {busy ? <p role="status">Uploading {busy} ...</p> : null}
      {refusal ? <Alert type="danger">{refusal}</Alert> : null}
    </div>
  );
}
