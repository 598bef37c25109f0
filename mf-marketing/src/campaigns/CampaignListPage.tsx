import type { CampaignListAnswer } from '@app/contract/marketing/campaigns';
import {
  $location,
  $team,
  AppLink,
  Button,
  type Column,
  ConfirmButton,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  navigate,
  Page,
  Panel,
  RoleLockedButton,
  roleAllows,
  SelectField,
  StatusTag,
  showToast,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ListSearchForm } from '../lists/ListSearchForm.tsx';
import { Pager } from '../lists/Pager.tsx';
import type { CampaignApi } from './api.ts';
import { campaignApi } from './api.ts';
import { type CampaignKind, campaignKinds, composeHref, kindOfPath } from './campaign-kind.ts';
import {
  type CampaignListView,
  campaignListHref,
  campaignListOf,
  campaignParamsOf,
  pageAfterEnd,
} from './campaign-query.ts';
import { campaignActions, campaignStatusView, inTeamZone } from './campaign-status.ts';
import { NewCampaignForm } from './NewCampaignForm.tsx';
import { UtmSetting } from './UtmSetting.tsx';

type Item = CampaignListAnswer['items'][number];

const statusOptions = [
  { value: '', label: 'All' },
  ...Object.entries(campaignStatusView).map(([value, view]) => ({ value, label: view.label })),
];

/** When it went, goes (in the team's zone, as scheduled) or was made, as its status tells. */
function whenOf(item: Item): string {
  if (item.sentAt) return `Sent ${formatUserDateTime(item.sentAt)}`;
  if (item.scheduledAt)
    return `Scheduled for ${inTeamZone(item.scheduledAt, $team.get()?.timezoneOffset ?? '+0000')}`;
  if (item.startedAt) return `Started ${formatUserDateTime(item.startedAt)}`;
  return `Created ${formatUserDateTime(item.createdAt)}`;
}

/**
 * /campaign (§7 /email-marketing) and /ab-test (§7 /ab-test): the company's campaigns or A/B tests,
 * newest first, with their status, search and filters in the address; a new one starts as a draft and
 * opens in the composer.
 */
export function CampaignListPage() {
  const api = campaignApi();
  const location = useStore($location);
  const kind = kindOfPath(location.pathname);
  const words = campaignKinds[kind];
  const view = campaignListOf(location.search);
  const { page, size, search, status, category } = view;
  const categories = useLoad(() => api.categories(), [api]);
  const categoryName = new Map((categories.data?.items ?? []).map((item) => [item.id, item.name]));
  const list = useLoad(
    () => api.list(campaignParamsOf({ page, size, search, status, category }), kind),
    [api, page, size, search, status, category, kind],
  );
  const canCompose = roleAllows('campaigns.compose');
  const show = (next: CampaignListView) => navigate(campaignListHref(next, words.base));
  const lastPage = list.data ? pageAfterEnd(view, list.data.items.length, list.data.total) : null;

  useEffect(() => {
    if (lastPage !== null)
      navigate(campaignListHref({ page: lastPage, size, search, status, category }, words.base));
  }, [lastPage, size, search, status, category, words.base]);

  const filtered = search !== '' || status !== '' || category !== '';
  const empty = filtered ? (
    <EmptyState
      title={`No matching ${words.plural}`}
      action={
        <Button
          variant="secondary"
          onClick={() => show({ ...view, search: '', status: '', category: '', page: 1 })}
        >
          Clear filters
        </Button>
      }
    >
      Nothing matches this search. Clear it to see all {words.plural}.
    </EmptyState>
  ) : (
    <EmptyState title={`No ${words.plural} yet`}>{words.empty}</EmptyState>
  );

  return (
    <Page title={words.title} description={words.description}>
      <Panel title={words.newTitle}>
        {canCompose ? (
          <NewCampaignForm key={kind} api={api} kind={kind} />
        ) : (
          <RoleLockedButton label={words.newTitle} permission="campaigns.compose" />
        )}
      </Panel>
      <Panel title="Links">
        <UtmSetting />
      </Panel>
      <Panel
        title={kind === 'ab' ? 'A/B tests' : 'Campaigns'}
        actions={<AppLink to="/campaign/category">Campaign Category</AppLink>}
      >
        <ListSearchForm
          key={`${kind}|${search}|${status}|${category}`}
          label={`Search ${words.plural}`}
          search={search}
          placeholder="Name or subject"
          onSearch={(text) => show({ ...view, search: text, page: 1 })}
          filters={(text) => (
            <>
              <SelectField
                label="Status"
                value={status}
                options={statusOptions}
                onChange={(next) =>
                  show({ ...view, search: text, status: next as CampaignListView['status'], page: 1 })
                }
              />
              <SelectField
                label="Category"
                value={category}
                options={[
                  { value: '', label: 'All' },
                  ...(categories.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
                ]}
                onChange={(next) => show({ ...view, search: text, category: next, page: 1 })}
              />
            </>
          )}
        />
        <LoadStatus
          loaded={list}
          lines={4}
          loading={`Loading ${words.plural} ...`}
          failed={`The ${words.plural} could not be loaded`}
        />
        {list.data ? (
          <>
            <CampaignTable
              api={api}
              kind={kind}
              items={list.data.items}
              categoryName={categoryName}
              canCompose={canCompose}
              empty={empty}
              onChanged={list.reload}
            />
            <Pager
              label={kind === 'ab' ? 'A/B tests' : 'Campaigns'}
              page={page}
              size={size}
              total={list.data.total}
              onPage={(next) => show({ ...view, page: next })}
            />
          </>
        ) : null}
      </Panel>
    </Page>
  );
}

function CampaignTable({
  api,
  kind,
  items,
  categoryName,
  canCompose,
  empty,
  onChanged,
}: {
  api: CampaignApi;
  kind: CampaignKind;
  items: readonly Item[];
  categoryName: ReadonlyMap<string, string>;
  canCompose: boolean;
  empty: React.ReactNode;
  onChanged: () => void;
}) {
  const columns: Column<Item>[] = [
    {
      key: 'name',
      label: kind === 'ab' ? 'A/B test' : 'Campaign',
      render: (item) => (
        <>
          <AppLink to={composeHref(kind, item.id)}>{item.name}</AppLink>
          <div className="muted">
            {item.subject || 'No subject yet'}
            {item.categoryId && categoryName.has(item.categoryId)
              ? ` · ${categoryName.get(item.categoryId)}`
              : ''}
          </div>
        </>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      render: (item) => (
        <StatusTag variant={campaignStatusView[item.status].variant}>
          {campaignStatusView[item.status].label}
        </StatusTag>
      ),
    },
    { key: 'when', label: 'When', secondary: true, render: whenOf },
    {
      key: 'queued',
      label: 'Recipients',
      secondary: true,
      render: (item) =>
        item.queued > 0 ? item.queued.toLocaleString('en-US') : <span className="muted">—</span>,
    },
    ...(canCompose
      ? [
          {
            key: 'actions',
            label: 'Actions',
            render: (item: Item) => (
              <span className="app-page-actions">
                <Button
                  size="small"
                  variant="secondary"
                  onClick={async () => {
                    const copy = await api.duplicate(item.id);
                    showToast({ type: 'success', message: `${copy.name} is a new draft.` });
                    onChanged();
                  }}
                >
                  Duplicate
                </Button>
                {campaignActions(item.status).remove ? (
                  <ConfirmButton
                    label="Delete"
                    size="small"
                    title="Delete campaign"
                    question={<p>Delete {item.name}? Its content and settings go for good.</p>}
                    confirmLabel="Delete"
                    onConfirm={async () => {
                      await api.remove(item.id);
                      showToast({ type: 'success', message: `${item.name} is deleted.` });
                      onChanged();
                    }}
                  />
                ) : null}
              </span>
            ),
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={kind === 'ab' ? 'A/B tests' : 'Campaigns'}
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      empty={empty}
    />
  );
}
