import type { Campaign } from '@app/contract/marketing/campaigns';
import { $team, Alert, Button, ConfirmButton, formatUserDateTime, roleAllows, StatusTag } from '@app/shared';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { CampaignApi } from './api.ts';
import { campaignActions, campaignStatusView, inTeamZone } from './campaign-status.ts';

/**
 * A campaign past its draft: where it stands (followed live while it waits or goes out), and what
 * may be asked of it now: pause, resume, cancel, or take a schedule back to a draft.
 */
export function CampaignProgress({
  api,
  campaign,
  onChanged,
}: {
  api: CampaignApi;
  campaign: Campaign;
  onChanged: (campaign: Campaign) => void;
}) {
  const [busy, setBusy] = useState(false);
  const team = useStore($team);
  const actions = campaignActions(campaign.status);
  const canSend = roleAllows('campaigns.send');
  const view = campaignStatusView[campaign.status];
  const run = async (action: (id: string) => Promise<Campaign>) => {
    setBusy(true);
    try {
      onChanged(await action(campaign.id));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="campaign-progress">
      <p>
        <StatusTag variant={view.variant}>{view.label}</StatusTag>{' '}
        <span role="status" aria-live="polite">
          {campaign.queued.toLocaleString('en-US')} recipient{campaign.queued === 1 ? '' : 's'} queued
        </span>
      </p>
      <dl className="app-definitions">
        {campaign.scheduledAt ? (
          <>
            <dt>{campaign.abState?.phase === 'waiting' ? 'The winner goes out' : 'Scheduled for'}</dt>
            <dd>{inTeamZone(campaign.scheduledAt, team?.timezoneOffset ?? '+0000')}</dd>
          </>
        ) : null}
        {campaign.startedAt ? (
          <>
            <dt>Started</dt>
            <dd>{formatUserDateTime(campaign.startedAt)}</dd>
          </>
        ) : null}
        {campaign.sentAt ? (
          <>
            <dt>Sent</dt>
            <dd>{formatUserDateTime(campaign.sentAt)}</dd>
          </>
        ) : null}
      </dl>
      {campaign.error ? (
        <Alert type={campaign.status === 'FAILED' ? 'danger' : 'warning'}>{campaign.error}</Alert>
      ) : null}
      {canSend ? (
        <div className="app-page-actions">
          {actions.pause ? (
            <Button variant="secondary" busy={busy} onClick={() => void run(api.pause)}>
              Pause
            </Button>
          ) : null}
          {actions.resume ? (
            <Button busy={busy} onClick={() => void run(api.resume)}>
              Resume
            </Button>
          ) : null}
          {actions.cancelSchedule && !campaign.startedAt ? (
            <Button variant="secondary" busy={busy} onClick={() => void run(api.cancelSchedule)}>
              Back to draft
            </Button>
          ) : null}
          {actions.cancel ? (
            <ConfirmButton
              label="Cancel campaign"
              title="Cancel campaign"
              question={
                <p>
                  Stop {campaign.name} for good? Contacts not reached yet will not get it; what is already
                  queued still goes out.
                </p>
              }
              confirmLabel="Cancel campaign"
              onConfirm={() => run(api.cancel)}
            />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
