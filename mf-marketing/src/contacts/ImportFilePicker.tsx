import type { ImportPrepared } from '@app/contract/marketing/contact-imports';
import { Alert, Button } from '@app/shared';
import { type DragEvent, useRef, useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { ContactApi } from './api.ts';

/** Step 1: a CSV or XLSX file dropped or chosen, uploaded with its progress, then prepared by the server. */
export function ImportFilePicker({
  api,
  onPrepared,
}: {
  api: ContactApi;
  onPrepared: (prepared: ImportPrepared) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    const controller = new AbortController();
    cancel.current = controller;
    setError(null);
    setProgress(0);
    try {
      onPrepared(await api.prepareImport(file, setProgress, controller.signal));
    } catch (failure) {
      // A cancelled upload stores nothing and says nothing more.
      if (!controller.signal.aborted) setError(`${file.name}: ${serverMessage(failure)}`);
    } finally {
      cancel.current = null;
      setProgress(null);
    }
  };
  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <section
      className="files-drop"
      data-over={over ? 'true' : undefined}
      aria-label="Drop a file to import"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {error ? <Alert type="danger">{error}</Alert> : null}
      <p>Drag a CSV or Excel (.xlsx) file here, or</p>
      <Button variant="secondary" busy={progress !== null} onClick={() => input.current?.click()}>
        Choose file
      </Button>
      <p className="muted">
        The first row names the columns. CSV with commas, semicolons, tabs or pipes; UTF-8, UTF-16 or Latin-1;
        at most 100 MB.
      </p>
      {progress !== null ? (
        <div className="files-upload-progress">
          <sl-progress-bar value={Math.round(progress * 100)} label="Uploading the file" />
          <Button variant="text" onClick={() => cancel.current?.abort()}>
            Cancel upload
          </Button>
        </div>
      ) : null}
      <input
        ref={input}
        type="file"
        accept=".csv,.txt,.tsv,.xlsx"
        hidden
        aria-label="File to import"
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </section>
  );
}
