import { Button, FormError, navigate, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { CampaignApi } from './api.ts';

const nameMax = 200;

/** Names a new campaign: it is made a draft at once and opens in the composer. */
export function NewCampaignForm({ api }: { api: CampaignApi }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label="New campaign"
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        const wanted = name.trim();
        setFailure(null);
        if (wanted === '') return setProblem('Enter the campaign name');
        if (wanted.length > nameMax) return setProblem('A campaign name has at most 200 characters');
        setProblem(undefined);
        setBusy(true);
        try {
          const made = await api.create(wanted);
          navigate(`/campaign/${encodeURIComponent(made.id)}`);
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label="Campaign name"
        name="name"
        hint="For you and your team; recipients see the subject"
        autoComplete="off"
        maxLength={nameMax}
        value={name}
        error={problem}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" busy={busy}>
        Create and compose
      </Button>
    </form>
  );
}
