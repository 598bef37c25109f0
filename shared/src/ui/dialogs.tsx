import { type ReactNode, useEffect, useState } from 'react';
import { Button } from './components.tsx';
import { defineKit, type KitComponent } from './kit/kit.ts';

/**
 * A dialog drawn only from the first time it opens: its UI kit components (`kit`, the dialog and
 * what it holds) load then, not with the page. It is mounted closed and opened on the next render,
 * so Shoelace shows it as when `open` changes: animated in, the focus moved into it and given back
 * when it closes. Render the dialog only when `mounted`, with `open` as returned.
 */
export function useDialogOnOpen(
  open: boolean,
  kit: readonly KitComponent[],
): { mounted: boolean; open: boolean } {
  const [mounted, setMounted] = useState(false);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!open || mounted) return;
    let live = true;
    void defineKit(['dialog', ...kit]).then(() => {
      if (live) setMounted(true);
    });
    return () => {
      live = false;
    };
  }, [open, mounted, kit]);
  useEffect(() => {
    if (mounted) setSettled(true);
  }, [mounted]);
  return { mounted, open: open && settled };
}

const confirmKit: readonly KitComponent[] = ['button'];

/** A modal question (Shoelace `sl-dialog`): Escape, the close button and Cancel all call `onCancel`. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useDialogOnOpen(open, confirmKit);
  if (!dialog.mounted) return null;
  return (
    <sl-dialog
      label={title}
      open={dialog.open}
      onsl-request-close={(event: Event) => {
        if (busy) event.preventDefault();
        else onCancel();
      }}
    >
      {children}
      <div slot="footer" className="app-dialog-footer">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </sl-dialog>
  );
}

/**
 * A button that asks first: destructive actions (delete, remove, switch) run only after the user
 * confirms in a dialog. The dialog stays open, busy, until the action settles.
 */
export function ConfirmButton({
  label,
  title,
  question,
  confirmLabel,
  danger = true,
  variant = 'danger',
  size = 'medium',
  disabled,
  onConfirm,
}: {
  label: string;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  variant?: 'primary' | 'secondary' | 'danger' | 'text';
  size?: 'small' | 'medium' | 'large';
  disabled?: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // The failure is already shown (toast or page); the dialog closes so the page can be read.
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} size={size} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        danger={danger}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        {question}
      </ConfirmDialog>
    </>
  );
}
