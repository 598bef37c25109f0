import {
  Button,
  FormError,
  formSchema,
  type KitComponent,
  TextField,
  useDialogOnOpen,
  useZodForm,
} from '@app/shared';
import { useEffect } from 'react';

const dialogKit: readonly KitComponent[] = ['button', 'input'];

/**
 * Asks for a preset's name (saving a view, renaming a preset). The server's refusal (a name in use,
 * the limit reached) shows in the dialog, which keeps what was typed.
 */
export function PresetNameDialog({
  open,
  title,
  initial,
  confirmLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  confirmLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const form = useZodForm(formSchema('analyticPresetNameBody'), { name: initial });
  const { set, setFormError } = form;
  const dialog = useDialogOnOpen(open, dialogKit);

  useEffect(() => {
    if (open) {
      set('name', initial);
      setFormError(null);
    }
  }, [open, initial]);

  if (!dialog.mounted) return null;
  return (
    <sl-dialog
      label={title}
      open={dialog.open}
      onsl-request-close={(event: Event) => {
        if (form.busy) event.preventDefault();
        else onClose();
      }}
    >
      <form
        id="preset-name-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async ({ name }) => {
            await onSubmit(name);
            onClose();
          });
        }}
      >
        <TextField label="Preset name" maxLength={100} autoComplete="off" {...form.field('name')} />
        <FormError message={form.formError} />
      </form>
      <div slot="footer" className="app-dialog-footer">
        <Button variant="secondary" onClick={onClose} disabled={form.busy}>
          Cancel
        </Button>
        <Button type="submit" form="preset-name-form" busy={form.busy}>
          {confirmLabel}
        </Button>
      </div>
    </sl-dialog>
  );
}
