import { NewDraftForm } from '../NewDraftForm.tsx';
import type { CampaignApi } from './api.ts';
import { type CampaignKind, campaignKinds, composeHref } from './campaign-kind.ts';

/** Names a new campaign (or A/B test): it is made a draft at once and opens in the composer. */
export function NewCampaignForm({ api, kind }: { api: CampaignApi; kind: CampaignKind }) {
  const words = campaignKinds[kind];
  return (
    <NewDraftForm
      label={words.newTitle}
      nameLabel={words.nameLabel}
      hint="For you and your team; recipients see the subject"
      max={200}
      submitLabel="Create and compose"
      create={async (name) => composeHref(kind, (await api.create(name, kind)).id)}
    />
  );
}
