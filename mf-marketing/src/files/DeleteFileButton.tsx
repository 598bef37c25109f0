import type { FileItem } from '@app/contract/marketing/files';
import { Button, ConfirmDialog } from '@app/shared';
import { useState } from 'react';
import type { FileApi } from './api.ts';

/**
 * Deletes a file after asking; first it asks the server which email designs show the file, so the
 * question warns that they will show a broken image.
 */
export function DeleteFileButton({
  api,
  file,
  onDeleted,
}: {
  api: FileApi;
  file: FileItem;
  onDeleted: () => void;
}) {
  const [templates, setTemplates] = useState<string[] | null>(null);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setChecking(true);
    try {
      setTemplates(await api.designsUsing(file.id));
    } finally {
      setChecking(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.remove(file.id);
      setTemplates(null);
      onDeleted();
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="small" variant="danger" busy={checking} onClick={() => void ask()}>
        Delete
      </Button>
      <ConfirmDialog
        open={templates !== null}
        title={`Delete ${file.name}?`}
        confirmLabel="Delete file"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setTemplates(null)}
      >
        {templates && templates.length > 0 ? (
          <p role="alert">
            This file is used by {templates.length === 1 ? 'the email template' : 'the email templates'}{' '}
            {templates.join(', ')}: {templates.length === 1 ? 'it' : 'they'} will show a broken image once it
            is deleted.
          </p>
        ) : null}
        <p>Its address stops working, in emails already sent too. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
