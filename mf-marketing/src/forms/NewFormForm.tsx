import { Button, FormError, navigate, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { FormApi } from './api.ts';
import { emailQuestion } from './form-query.ts';

const nameMax = 100;

/** Names a new form: it is made a draft with an email question at once and opens in the builder. */
export function NewFormForm({ api }: { api: FormApi }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="New form"
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        const wanted = name.trim();
        setFailure(null);
        if (wanted === '') return setProblem('Enter the form name');
        if (wanted.length > nameMax) return setProblem(`A form name has at most ${nameMax} characters`);
        setProblem(undefined);
        setBusy(true);
        try {
          const made = await api.create({
            name: wanted,
            components: [emailQuestion],
            settings: {},
            labels: [],
            saveToContact: true,
            allowUpdate: false,
            optin: true,
          });
          navigate(`/form/compose/${encodeURIComponent(made.formId)}`);
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label="Form name"
        name="name"
        hint="For you and your team; visitors do not see it"
        autoComplete="off"
        maxLength={nameMax}
        value={name}
        error={problem}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        Create and build
      </Button>
    </form>
  );
}
