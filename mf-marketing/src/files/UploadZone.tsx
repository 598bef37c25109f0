import { formatSize } from '@app/contract';
import { ApiError, Button } from '@app/shared';
import { type DragEvent, useRef, useState } from 'react';
import type { FileApi } from './api.ts';
import { type QueuedUpload, queued } from './upload-queue.ts';

/**
 * Drag files here, or choose them: each is checked (§5 type, 20 MB), then uploaded in turn with
 * its progress; a refusal says why next to the file, and a file not yet stored can be cancelled.
 * `onUploaded` runs after each stored file.
 */
export function UploadZone({ api, onUploaded }: { api: FileApi; onUploaded: () => void }) {
  const [queue, setQueue] = useState<QueuedUpload[]>([]);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const cancels = useRef(new Map<string, AbortController>());
  const update = (key: string, change: Partial<QueuedUpload>) =>
    setQueue((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));

  const add = async (files: readonly File[]) => {
    const added = queued(files);
    setQueue((current) => [...added.map((item) => item.entry), ...current]);
    for (const { entry } of added) {
      if (entry.state === 'waiting') cancels.current.set(entry.key, new AbortController());
    }
    for (const { file, entry } of added) {
      const cancel = cancels.current.get(entry.key);
      if (!cancel || cancel.signal.aborted) continue;
      update(entry.key, { state: 'uploading' });
      try {
        await api.upload(file, (sent) => update(entry.key, { progress: sent }), cancel.signal);
        update(entry.key, { state: 'done', progress: 1 });
        onUploaded();
      } catch (error) {
        if (cancel.signal.aborted) continue;
        update(entry.key, {
          state: 'refused',
          message: error instanceof ApiError || error instanceof Error ? error.message : 'The upload failed',
        });
      } finally {
        cancels.current.delete(entry.key);
      }
    }
  };

  const cancel = (key: string) => {
    cancels.current.get(key)?.abort();
    cancels.current.delete(key);
    update(key, { state: 'cancelled' });
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    void add([...event.dataTransfer.files]);
  };

  return (
    <div className="files-upload">
      <section
        className="files-drop"
        data-over={over ? 'true' : undefined}
        aria-label="Drop files to upload"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>Drag files here to upload them, or</p>
        <Button variant="secondary" onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <p className="muted">Images, documents, audio, video and archives, at most 20 MB each.</p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Files to upload"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </section>
      {queue.length > 0 ? (
        <ul className="files-queue" aria-label="Uploads">
          {queue.map((entry) => (
            <li key={entry.key} data-state={entry.state}>
              <span className="files-queue-name">
                {entry.name} <span className="muted">({formatSize(entry.size)})</span>
              </span>
              {entry.state === 'uploading' || entry.state === 'waiting' ? (
                <>
                  <sl-progress-bar
                    value={Math.round(entry.progress * 100)}
                    label={`Uploading ${entry.name}`}
                    style={{ flex: 1 }}
                  />
                  <Button variant="text" size="small" onClick={() => cancel(entry.key)}>
                    Cancel
                  </Button>
                </>
              ) : entry.state === 'done' ? (
                <span>Uploaded</span>
              ) : entry.state === 'cancelled' ? (
                <span className="muted">Cancelled</span>
              ) : (
                <span className="app-field-error" role="alert">
                  {entry.message}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
