import type { MediaFile } from '@app/contract/editor/embed-api';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import type { PickedFile } from '../blocks/block-definition.ts';
import { useEditor } from './editor-context.ts';
import { fill } from './i18n.ts';
import { allowedUploadExtensions, imageExtensions, type UploadKind, uploadProblem } from './upload-rules.ts';

export interface PickRequest {
  kind: UploadKind;
  resolve(file: PickedFile | undefined): void;
}

const pick = (file: MediaFile): PickedFile => ({ url: file.url, name: file.name, size: file.size });

/** The file store's picker behind EditorServices.pickImage/pickFile: choose, upload, delete, or paste an address. */
export function MediaPicker({
  request,
  onDone,
}: {
  request: PickRequest | undefined;
  onDone(file: PickedFile | undefined): void;
}) {
  const { client, labels } = useEditor();
  const kind = request?.kind;
  const [files, setFiles] = useState<MediaFile[] | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [over, setOver] = useState(false);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [deleting, setDeleting] = useState<MediaFile | undefined>(undefined);
  const inputId = useId();
  const urlId = useId();

  useEffect(() => {
    if (!kind) return;
    let current = true;
    setFiles(undefined);
    setError(undefined);
    setUrl('');
    setNextCursor(null);
    setDeleting(undefined);
    client.listMedia(kind === 'image' ? 'image' : undefined).then(
      (page) => {
        if (!current) return;
        setFiles(page.files);
        setNextCursor(page.nextCursor);
      },
      (failure: Error) => {
        if (!current) return;
        setFiles([]);
        setError(failure.message);
      },
    );
    return () => {
      current = false;
    };
  }, [kind, client]);

  const loadMore = async () => {
    if (!nextCursor) return;
    setBusy(true);
    try {
      const page = await client.listMedia(kind === 'image' ? 'image' : undefined, nextCursor);
      setFiles((list) => [...(list ?? []), ...page.files]);
      setNextCursor(page.nextCursor);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file || !kind) return;
    const problem = uploadProblem(file, kind);
    if (problem) {
      setError(labels[problem]);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const stored = await client.uploadMedia(file);
      setFiles((list) => [stored, ...(list ?? [])]);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (file: MediaFile) => {
    setDeleting(undefined);
    setBusy(true);
    setError(undefined);
    try {
      await client.deleteMedia(file.id);
      setFiles((list) => list?.filter((entry) => entry.id !== file.id));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const useUrl = () => {
    if (!/^https?:\/\//i.test(url.trim())) {
      setError(labels.urlInvalid);
      return;
    }
    const address = url.trim();
    onDone({ url: address, name: address.split('/').pop() || address, size: 0 });
  };

  const accept = (kind === 'image' ? imageExtensions : allowedUploadExtensions)
    .map((extension) => `.${extension}`)
    .join(',');
  return (
    <sl-dialog
      label={kind === 'file' ? labels.chooseFile : labels.chooseImage}
      open={request !== undefined}
      onsl-request-close={() => onDone(undefined)}
      style={{ '--width': '760px' } as CSSProperties}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is an extra to the labelled file input */}
      <div
        className={`ee-media__drop${over ? ' ee-media__drop--over' : ''}`}
        data-testid="media-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          void upload(event.dataTransfer.files[0]);
        }}
      >
        <div className="ee-field">
          <label htmlFor={inputId}>{labels.upload}</label>
          <input
            id={inputId}
            type="file"
            accept={accept}
            disabled={busy}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>
        <p className="ee-hint">{labels.dropToUpload}</p>
        {busy && (
          <p role="status">
            <sl-spinner /> {labels.uploading}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="ee-findings">
          {error}
        </p>
      )}
      {files === undefined ? (
        <sl-spinner aria-label={labels.loading} />
      ) : files.length === 0 ? (
        <p className="ee-hint">{labels.noFiles}</p>
      ) : (
        <ul className="ee-media__grid" data-testid="media-list">
          {files.map((file) => (
            <li key={file.id} className="ee-media__item">
              {file.content_type.startsWith('image/') && (
                <img className="ee-media__thumb" src={file.url} alt="" loading="lazy" />
              )}
              <span>{file.name}</span>
              <div className="ee-row">
                <button
                  type="button"
                  className="ee-button"
                  aria-label={`${labels.use} ${file.name}`}
                  onClick={() => onDone(pick(file))}
                >
                  {labels.use}
                </button>
                <button
                  type="button"
                  className="ee-button ee-button--icon ee-button--danger"
                  aria-label={`${labels.delete} ${file.name}`}
                  disabled={busy}
                  onClick={() => setDeleting(file)}
                >
                  ×
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Asked in place: a second dialog over this one would stack two modal layers. */}
      {deleting && (
        <div role="alertdialog" aria-label={labels.delete} className="ee-row" data-testid="media-delete">
          <p>{fill(labels.deleteFileQuestion, { name: deleting.name })}</p>
          <button type="button" className="ee-button" onClick={() => setDeleting(undefined)}>
            {labels.cancel}
          </button>
          <button
            type="button"
            className="ee-button ee-button--primary"
            onClick={() => void remove(deleting)}
          >
            {labels.delete}
          </button>
        </div>
      )}
      {nextCursor ? (
        <button type="button" className="ee-button" disabled={busy} onClick={() => void loadMore()}>
          {labels.moreFiles}
        </button>
      ) : null}
      <div className="ee-row">
        <div className="ee-field" style={{ flex: 1 }}>
          <label htmlFor={urlId}>{labels.url}</label>
          <input
            id={urlId}
            type="url"
            value={url}
            placeholder="https://"
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
        <button type="button" className="ee-button" disabled={!url.trim()} onClick={useUrl}>
          {labels.useUrl}
        </button>
      </div>
    </sl-dialog>
  );
}
