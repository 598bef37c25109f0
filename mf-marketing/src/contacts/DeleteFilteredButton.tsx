import type { ContactFilterBody } from '@app/contract/marketing/contacts';
import { Button, ConfirmDialog, showToast } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { ContactApi } from './api.ts';

/**
 * Deletes every contact the Contact Book's filters show, after saying how many; more than 1,000 at
 * once the server allows only a company with the large contact delete option, and says so.
 */
export function DeleteFilteredButton({
  api,
  filter,
  count,
  onDeleted,
}: {
  api: ContactApi;
  filter: ContactFilterBody;
  /** How many the filters show, as the list says it ("10,000+ contacts" for a large search). */
  count: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      const deleted = await api.removeMany(filter);
      showToast({ type: 'success', message: `${deleted.toLocaleString('en-US')} deleted.` });
      onDeleted();
    } catch (failure) {
      // Slices deleted before a failure stay deleted: the list shows what is left.
      showToast({ type: 'danger', title: 'The delete stopped', message: serverMessage(failure) });
      onDeleted();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete {count}
      </Button>
      <ConfirmDialog
        open={open}
        title={`Delete ${count}?`}
        confirmLabel={`Delete ${count}`}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setOpen(false)}
      >
        <p>Every contact these filters show leaves the contact book and its labels. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
