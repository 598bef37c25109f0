import type { FileItem } from '@app/contract/marketing/files';
import { Button, TextField, useDialogOnOpen } from '@app/shared';
import { useState } from 'react';
import { labelled } from '../labelled-field.ts';
import type { FileApi } from './api.ts';

const kit = ['button', 'input'] as const;

/** Renames a file: its extension stays; the server's refusal (a taken name, code 122) shows on the field. */
export function RenameFileDialog({
  api,
  file,
  onClose,
  onRenamed,
}: {
  api: FileApi;
  file: FileItem | null;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const dialog = useDialogOnOpen(file !== null, kit);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<string>();
  if (file && shown !== file.id) {
    setShown(file.id);
    setName(file.name.replace(/\.[^.]*$/, ''));
    setError(undefined);
  }
  if (!dialog.mounted || !file) return null;
  const extension = file.name.slice(file.name.lastIndexOf('.'));
  const save = async () => {
    if (!name.trim()) {
      setError('Enter a file name');
      return;
    }
    setBusy(true);
    try {
      await api.rename(file.id, `${name.trim()}${extension}`);
      onRenamed();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <sl-dialog
      label={`Rename ${file.name}`}
      open={dialog.open}
      onsl-request-close={(event: Event) => {
        if (busy) event.preventDefault();
        else onClose();
      }}
    >
      <form
        id="rename-file"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          value={name}
          {...labelled('File name', { error })}
          hint={`Letters, digits, _ and - are kept; the file stays a ${extension} file. Links to it keep working.`}
          suffix={extension}
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
      </form>
      <div slot="footer" className="app-dialog-footer">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form="rename-file" busy={busy} onClick={() => void save()}>
          Rename
        </Button>
      </div>
    </sl-dialog>
  );
}
