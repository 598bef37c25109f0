import { Button, FormError, navigate, TextField } from '@app/shared';
import { useState } from 'react';
import { serverMessage } from '../server-message.ts';
import type { CampaignApi } from './api.ts';
import { type CampaignKind, campaignKinds, composeHref } from './campaign-kind.ts';

const nameMax = 200;

/** Names a new campaign (or A/B test): it is made a draft at once and opens in the composer. */
export function NewCampaignForm({ api, kind }: { api: CampaignApi; kind: CampaignKind }) {
  const words = campaignKinds[kind];
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      noValidate
      aria-label={words.newTitle}
      style={{ maxWidth: 560 }}
      onSubmit={async (event) => {
        event.preventDefault();
        const wanted = name.trim();
        setFailure(null);
        if (wanted === '') return setProblem(`Enter the ${words.nameLabel.toLowerCase()}`);
        if (wanted.length > nameMax) return setProblem(`A name has at most ${nameMax} characters`);
        setProblem(undefined);
        setBusy(true);
        try {
          const made = await api.create(wanted, kind);
          navigate(composeHref(kind, made.id));
        } catch (error) {
          setFailure(serverMessage(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <FormError message={failure} />
      <TextField
        label={words.nameLabel}
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
