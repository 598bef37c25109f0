import { campaignMissing } from '@app/contract/marketing/campaign-messages';
import type { Campaign, CampaignPatch } from '@app/contract/marketing/campaigns';
import {
  $company,
  $currentRoute,
  AppLink,
  Button,
  downloadFile,
  EmptyState,
  LoadStatus,
  Page,
  Panel,
  RoleLockedPage,
  roleAllows,
  StatusTag,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useSaveShortcut } from '../save-shortcut.ts';
import { senderApi } from '../senders/api.ts';
import { SaveAsTemplateButton } from '../templates/SaveAsTemplateButton.tsx';
import { AbResults } from './AbResults.tsx';
import { AbSettings } from './AbSettings.tsx';
import { type CampaignApi, campaignApi } from './api.ts';
import { CampaignContent } from './CampaignContent.tsx';
import { CampaignProgress } from './CampaignProgress.tsx';
import { CampaignRecipients } from './CampaignRecipients.tsx';
import { CampaignReport } from './CampaignReport.tsx';
import { CampaignSendPanel } from './CampaignSendPanel.tsx';
import { CampaignSettingsForm, type SettingsHandle } from './CampaignSettingsForm.tsx';
import { CampaignVouchers } from './CampaignVouchers.tsx';
import { campaignKinds } from './campaign-kind.ts';
import { campaignActions, campaignStatusView } from './campaign-status.ts';

/** How often a scheduled or sending campaign's page asks where it stands. */
const followMs = 2_000;

/**
 * /campaign/:id: the composer of a draft (settings, recipients with their live count, the block
 * editor, the ready check, test, send and schedule; Ctrl+S saves the settings, §2), or where a sent
 * or sending campaign stands, with pause, resume and cancel.
 */
export function CampaignComposePage() {
  const route = useStore($currentRoute);
  const id = route?.params.id ?? '';
  const api = campaignApi();
  const loaded = useLoad(() => api.get(id), [api, id]);
  const words = campaignKinds[route?.name === 'ab-test-compose' ? 'ab' : 'campaign'];
  return (
    <Page
      title={loaded.data?.name ?? words.title}
      description={<AppLink to={words.base}>{words.all}</AppLink>}
    >
      <LoadStatus
        loaded={loaded}
        lines={6}
        loading="Loading the campaign ..."
        failed="The campaign could not be loaded"
      />
      {loaded.error && !loaded.data ? (
        <EmptyState title="No such campaign">
          It may have been deleted. Go back to all {words.plural}.
        </EmptyState>
      ) : null}
      {loaded.data ? <Composer key={loaded.data.id} api={api} first={loaded.data} /> : null}
    </Page>
  );
}

function Composer({ api, first }: { api: CampaignApi; first: Campaign }) {
  const [campaign, setCampaign] = useState(first);
  // Bumped by each stored change: the count and the ready check are asked again.
  const [version, setVersion] = useState(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const settings = useRef<SettingsHandle>(null);
  const draft = campaign.status === 'DRAFT';
  const canCompose = roleAllows('campaigns.compose');
  const senders = useLoad(() => senderApi().list({ page: 1, size: 100 }), []);
  const categories = useLoad(() => api.categories(), [api]);
  // Only a draft's audience is counted: a sent campaign's page shows what it queued.
  const count = useLoad(
    () => (draft ? api.countRecipients(campaign.id) : Promise.resolve(undefined)),
    [api, campaign.id, draft, version],
  );
  const readiness = useLoad(
    () => (draft ? api.readiness(campaign.id) : Promise.resolve({ missing: [] })),
    [api, campaign.id, draft, version],
  );

  /** Stores a change; changes go one after another, so the last one made is the one kept. */
  const save = (patch: CampaignPatch): Promise<Campaign> => {
    const next = queue.current.catch(() => undefined).then(() => api.update(campaign.id, patch));
    queue.current = next;
    return next.then((updated) => {
      setCampaign(updated);
      setVersion((value) => value + 1);
      return updated;
    });
  };

  const saveSettings = (patch: CampaignPatch) =>
    save(patch).then(() => showToast({ type: 'success', message: 'The settings are saved.' }));

  // §2: Ctrl+S on a compose page saves its settings (inside the editor it saves the content).
  useSaveShortcut(() => settings.current?.save(), draft !== undefined);

  // A scheduled or sending campaign is followed until it settles.
  const follow = campaignActions(campaign.status).follow;
  const [followed, setFollowed] = useState(0);
  useEffect(() => {
    if (!follow) return;
    const timer = setInterval(() => {
      api.status(campaign.id).then(
        (fresh) => {
          setCampaign((current) => ({ ...fresh, content: current.content, ab: current.ab }));
          setFollowed((times) => times + 1);
        },
        () => undefined,
      );
    }, followMs);
    return () => clearInterval(timer);
  }, [api, campaign.id, follow]);

  const countNow = count.data ?? (count.error ? null : undefined);
  const status = campaignStatusView[campaign.status];

  if (!draft) {
    return (
      <>
        <Panel title="Status" actions={<HtmlDownload api={api} campaign={campaign} />}>
          <CampaignProgress api={api} campaign={campaign} onChanged={setCampaign} />
        </Panel>
        {campaign.ab && campaign.startedAt ? (
          <Panel title="A/B test results">
            <AbResults
              api={api}
              campaignId={campaign.id}
              followed={followed}
              onPicked={() => api.get(campaign.id).then(setCampaign, () => undefined)}
            />
          </Panel>
        ) : null}
        {campaign.startedAt ? (
          <Panel title="Report">
            <CampaignReport api={api} campaignId={campaign.id} />
          </Panel>
        ) : null}
      </>
    );
  }
  if (!canCompose) return <RoleLockedPage title="Compose campaign" permission="campaigns.compose" />;
  return (
    <>
      <p>
        <StatusTag variant={status.variant}>{status.label}</StatusTag>
      </p>
      <Panel title="Campaign settings">
        <CampaignSettingsForm
          ref={settings}
          campaign={campaign}
          senders={senders.data?.items ?? []}
          categories={categories.data?.items ?? []}
          save={saveSettings}
        />
      </Panel>
      <Panel title="Recipients">
        <CampaignRecipients campaign={campaign} count={countNow} save={save} />
      </Panel>
      {campaign.ab ? (
        <Panel title="A/B test">
          <AbSettings campaign={{ ...campaign, ab: campaign.ab }} save={save} />
        </Panel>
      ) : null}
      <Panel title="Vouchers">
        <CampaignVouchers api={api} campaign={campaign} save={save} />
      </Panel>
      <Panel
        title="Content"
        actions={
          <>
            <HtmlDownload api={api} campaign={campaign} />
            {campaign.content && 'design' in campaign.content ? (
              <SaveAsTemplateButton from="campaign" id={campaign.id} name={campaign.name} />
            ) : null}
          </>
        }
      >
        <CampaignContent
          campaign={campaign}
          needsFooter={readiness.data?.missing.includes(campaignMissing.unsubscribe) ?? false}
          save={save}
        />
      </Panel>
      <Panel title="Send">
        <CampaignSendPanel
          api={api}
          campaign={campaign}
          missing={readiness.data?.missing}
          count={countNow}
          onSent={setCampaign}
        />
      </Panel>
    </>
  );
}

/** §6: the campaign's HTML as a file, for companies with the HTML download toggle. */
function HtmlDownload({ api, campaign }: { api: CampaignApi; campaign: Campaign }) {
  const company = useStore($company);
  if (!company?.toggles.includes('htmlDownload') || !campaign.content) return null;
  return (
    <Button
      size="small"
      variant="secondary"
      onClick={() => void downloadFile(api.htmlPath(campaign.id), `campaign-${campaign.id}.html`)}
    >
      Download HTML
    </Button>
  );
}
