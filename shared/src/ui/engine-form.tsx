import { type ReactNode, useState } from 'react';
import { Button, FormError } from './components.tsx';
import { engineFieldErrors } from './engine-message.ts';

/**
 * Field errors and the busy state of a form sent to the engine: `clear(field)` when a field changes,
 * `run(work)` sends and lands the engine's refusal on its field (by `engineFields`) or above the buttons.
 */
export function useEngineForm(engineFields: Record<string, string>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const clear = (field: string) => setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setErrors(engineFieldErrors(error, engineFields));
    } finally {
      setBusy(false);
    }
  }

  return { errors, setErrors, clear, busy, run };
}

export type EngineForm = ReturnType<typeof useEngineForm>;

/** The form element, its fields, the form-wide error, and the submit and Cancel buttons. */
export function EngineFormShell({
  form,
  onSubmit,
  submitLabel,
  onCancel,
  children,
}: {
  form: EngineForm;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <FormError message={form.errors.form ?? null} />
      <div className="app-page-actions">
        <Button type="submit" busy={form.busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
