import type { Campaign, CampaignPatch } from '@app/contract/marketing/campaigns';
import { AppLink, useLoad } from '@app/shared';
import { useState } from 'react';
import { contactApi } from '../contacts/api.ts';
import { LabelChoice } from '../contacts/LabelChoice.tsx';
import { serverMessage } from '../server-message.ts';

type Audience = Pick<Campaign, 'labels' | 'segments' | 'excludedLabels' | 'excludedSegments'>;

/**
 * Who receives it: the contacts of any chosen label or segment, each once, but those of an excluded
 * one. Each change is saved at once and counted afresh (only contacts that may be mailed count).
 */
export function CampaignRecipients({
  campaign,
  count,
  save,
}: {
  campaign: Campaign;
  /** The saved audience's count: undefined while counting, null when it could not be counted. */
  count: number | null | undefined;
  save: (patch: CampaignPatch) => Promise<unknown>;
}) {
  const contacts = contactApi();
  const labels = useLoad(() => contacts.labels(), [contacts]);
  const segments = useLoad(() => contacts.segments(), [contacts]);
  const [audience, setAudience] = useState<Audience>({
    labels: campaign.labels,
    segments: campaign.segments,
    excludedLabels: campaign.excludedLabels,
    excludedSegments: campaign.excludedSegments,
  });
  const [failure, setFailure] = useState<string>();

  const change = (patch: Partial<Audience>) => {
    const next = { ...audience, ...patch };
    setAudience(next);
    setFailure(undefined);
    save(next).catch((error: unknown) => setFailure(serverMessage(error)));
  };

  const labelItems = labels.data?.items ?? [];
  const segmentItems = segments.data?.items ?? [];
  if (labels.data && segments.data && labelItems.length + segmentItems.length === 0) {
    return (
      <p className="muted">
        You have no labels or segments yet. <AppLink to="/contact/label">Make a label</AppLink> or{' '}
        <AppLink to="/contact/segment">a segment</AppLink> of the contacts to send to.
      </p>
    );
  }
  return (
    <div>
      <p role="status" aria-live="polite" data-testid="recipient-count">
        {count === undefined
          ? 'Counting recipients ...'
          : count === null
            ? 'The recipients could not be counted now.'
            : `${count.toLocaleString('en-US')} contact${count === 1 ? '' : 's'} will receive it.`}
      </p>
      {failure ? (
        <p className="app-field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="app-form-row">
        <LabelChoice
          legend="Send to labels"
          labels={labelItems}
          chosen={audience.labels}
          onChange={(chosen) => change({ labels: chosen })}
        />
        <LabelChoice
          legend="Send to segments"
          labels={segmentItems}
          chosen={audience.segments}
          onChange={(chosen) => change({ segments: chosen })}
        />
        <LabelChoice
          legend="Leave out labels"
          labels={labelItems}
          chosen={audience.excludedLabels}
          onChange={(chosen) => change({ excludedLabels: chosen })}
        />
        <LabelChoice
          legend="Leave out segments"
          labels={segmentItems}
          chosen={audience.excludedSegments}
          onChange={(chosen) => change({ excludedSegments: chosen })}
        />
      </div>
    </div>
  );
}
