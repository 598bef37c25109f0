import { Button, FormError, navigate, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from './server-message.ts';

/**
 * Names something new (a campaign, a form): `create` makes the draft at once and answers the address
 * of its composer, which opens. The name is checked here first (`nameLabel` required, at most `max`).
 */
export function NewDraftForm({
  label,
  nameLabel,
  hint,
  max,
  submitLabel,
  create,
}: {
  label: string;
  nameLabel: string;
  hint: string;
  max: number;
  submitLabel: string;
  create: (name: string) => Promise<string>;
}) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label={label}
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        const wanted = name.trim();
        setFailure(null);
        if (wanted === '') return setProblem(`Enter the ${nameLabel.toLowerCase()}`);
        if (wanted.length > max) return setProblem(`A name has at most ${max} characters`);
        setProblem(undefined);
        setBusy(true);
        try {
          navigate(await create(wanted));
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label={nameLabel}
        name="name"
        hint={hint}
        autoComplete="off"
        maxLength={max}
        value={name}
        error={problem}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
