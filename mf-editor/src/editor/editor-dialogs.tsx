// Small modal questions of the editor (Shoelace dialogs): a name to give, a deletion to confirm.
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useEditor } from './editor-context.ts';

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { labels } = useEditor();
  return (
    <sl-dialog label={title} open={open} onsl-request-close={onCancel}>
      {children}
      <div slot="footer" className="ee-row">
        <button type="button" className="ee-button" onClick={onCancel}>
          {labels.cancel}
        </button>
        <button type="button" className="ee-button ee-button--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </sl-dialog>
  );
}

export function NameDialog({
  open,
  title,
  label,
  confirmLabel,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  onSubmit(name: string): void;
  onCancel(): void;
}) {
  const { labels } = useEditor();
  const [name, setName] = useState('');
  const id = useId();
  useEffect(() => {
    if (open) setName('');
  }, [open]);
  return (
    <sl-dialog label={title} open={open} onsl-request-close={onCancel}>
      <form
        id={`${id}-form`}
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) onSubmit(name.trim());
        }}
      >
        <div className="ee-field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            value={name}
            maxLength={100}
            required
            onChange={(event) => setName(event.target.value)}
          />
        </div>
      </form>
      <div slot="footer" className="ee-row">
        <button type="button" className="ee-button" onClick={onCancel}>
          {labels.cancel}
        </button>
        <button
          type="submit"
          form={`${id}-form`}
          className="ee-button ee-button--primary"
          disabled={!name.trim()}
        >
          {confirmLabel}
        </button>
      </div>
    </sl-dialog>
  );
}
