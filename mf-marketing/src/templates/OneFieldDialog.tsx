import { Button, TextField, useDialogOnOpen } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';

const kit = ['button', 'input'] as const;

/**
 * A dialog asking one value (an address to share with, a label's new name): `submit` stores it; its
 * refusal shows on the field and the dialog stays open.
 */
export function OneFieldDialog({
  open,
  title,
  label,
  type = 'text',
  initial = '',
  hint,
  maxLength,
  submitLabel,
  submit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  type?: 'text' | 'email';
  initial?: string;
  hint?: string;
  maxLength: number;
  submitLabel: string;
  submit: (value: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const dialog = useDialogOnOpen(open, kit);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue(initial);
      setError(undefined);
    }
  }
  if (!dialog.mounted) return null;
  const save = async () => {
    if (!value.trim()) {
      setError(`Enter the ${label.toLowerCase()}`);
      return;
    }
    setBusy(true);
    try {
      await submit(value.trim());
      onClose();
    } catch (failure) {
      setError(serverMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <sl-dialog
      label={title}
      open={dialog.open}
      onsl-request-close={(event: Event) => {
        if (busy) event.preventDefault();
        else onClose();
      }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          label={label}
          type={type}
          value={value}
          maxLength={maxLength}
          error={error}
          hint={hint}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
        />
      </form>
      <div slot="footer" className="app-dialog-footer">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button busy={busy} onClick={() => void save()}>
          {submitLabel}
        </Button>
      </div>
    </sl-dialog>
  );
}
