import { type FormEvent, type Ref, useImperativeHandle, useState } from 'react';
import { serverMessage } from './server-message.ts';

/** What a compose page asks of its settings form: save it (Ctrl+S). */
export interface SettingsHandle {
  save(): void;
}

/**
 * A settings form's submit, from its button or from Ctrl+S through `ref`: `check` says what is wrong
 * before anything is sent (or nothing), then `save` runs, busy meanwhile; a refusal is shown.
 */
export function useSettingsSubmit(
  ref: Ref<SettingsHandle>,
  steps: { check: () => string | undefined; save: () => Promise<unknown> },
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setFailure(null);
    const wrong = steps.check();
    if (wrong) return setFailure(wrong);
    setBusy(true);
    try {
      await steps.save();
    } catch (error) {
      setFailure(serverMessage(error));
    } finally {
      setBusy(false);
    }
  };
  useImperativeHandle(ref, () => ({ save: () => void submit() }));
  return {
    failure,
    busy,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submit();
    },
  };
}
