import {
  type CampaignReportType,
  campaignReportTitles,
  campaignReportTypes,
} from '@app/contract/marketing/campaign-messages';
import type { CampaignReport as Totals } from '@app/contract/marketing/campaign-reports';
import {
  AppLink,
  Button,
  type Column,
  DataTable,
  EmptyState,
  formatUserDateTime,
  LoadStatus,
  SelectField,
  useLoad,
} from '@app/shared';
import { useMemo, useState } from 'react';
import { contactApi } from '../contacts/api.ts';
import { contactCount } from '../contacts/contact-count.ts';
import { ExportContactsButton } from '../contacts/ExportContactsButton.tsx';
import { Pager } from '../lists/Pager.tsx';
import type { CampaignApi } from './api.ts';
import { shareOf } from './campaign-status.ts';
import { ReportTimeline } from './ReportTimeline.tsx';

type Recipient = Awaited<ReturnType<CampaignApi['reportRecipients']>>['items'][number];

/** The tiles of the totals: what each counts and what its share is of. */
function tilesOf(totals: Totals) {
  return [
    { label: 'Sent', value: totals.sent, share: undefined },
    { label: 'Delivered', value: totals.delivered, share: shareOf(totals.delivered, totals.sent) },
    { label: 'Opened', value: totals.opened, share: shareOf(totals.opened, totals.delivered) },
    { label: 'Clicked', value: totals.clicked, share: shareOf(totals.clicked, totals.delivered) },
    { label: 'Not opened', value: totals.notOpened, share: shareOf(totals.notOpened, totals.delivered) },
    { label: 'Bounced', value: totals.bounced, share: shareOf(totals.bounced, totals.sent) },
    {
      label: 'Unsubscribed',
      value: totals.unsubscribed,
      share: shareOf(totals.unsubscribed, totals.delivered),
    },
    {
      label: 'Reported as spam',
      value: totals.complained,
      share: shareOf(totals.complained, totals.delivered),
    },
  ];
}

type Link = Awaited<ReturnType<CampaignApi['reportLinks']>>['items'][number];

const linkColumns: Column<Link>[] = [
  {
    key: 'url',
    label: 'Link',
    render: (link) => <span style={{ overflowWrap: 'anywhere' }}>{link.url}</span>,
  },
  { key: 'clicks', label: 'Clicks', render: (link) => link.clicks.toLocaleString('en-US') },
  { key: 'people', label: 'People', render: (link) => link.people.toLocaleString('en-US') },
];

const columns: Column<Recipient>[] = [
  {
    key: 'contact',
    label: 'Contact',
    render: (recipient) => (
      <AppLink to={`/contact/${encodeURIComponent(recipient.contactId)}`}>
        {recipient.email ?? 'No address'}
      </AppLink>
    ),
  },
  { key: 'name', label: 'Name', secondary: true, render: (recipient) => recipient.name || '—' },
  { key: 'at', label: 'When', render: (recipient) => formatUserDateTime(recipient.at) },
];

/**
 * A sent campaign's report: each total counts recipients once (opens by mail clients and scanners
 * apart), and each report type of §9 lists its recipients. Events arrive as the engine records them:
 * Refresh reads the newest.
 */
export function CampaignReport({ api, campaignId }: { api: CampaignApi; campaignId: string }) {
  const [type, setType] = useState<CampaignReportType>('opened');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const totals = useLoad(() => api.report(campaignId), [api, campaignId, version]);
  const links = useLoad(() => api.reportLinks(campaignId), [api, campaignId, version]);
  const recipients = useLoad(
    () => api.reportRecipients(campaignId, type, page),
    [api, campaignId, type, page, version],
  );
  const contacts = useMemo(() => contactApi(), []);
  return (
    <div data-testid="campaign-report">
      <LoadStatus
        loaded={totals}
        lines={2}
        loading="Loading the report ..."
        failed="The report could not be loaded"
      />
      {totals.data ? (
        <>
          <dl className="campaign-totals">
            {tilesOf(totals.data).map((tile) => (
              <div key={tile.label}>
                <dt>{tile.label}</dt>
                <dd>
                  {tile.value.toLocaleString('en-US')}
                  {tile.share === undefined ? null : <span className="muted"> {tile.share}</span>}
                </dd>
              </div>
            ))}
          </dl>
          {totals.data.machineOpened > 0 ? (
            <p className="muted">
              {totals.data.machineOpened.toLocaleString('en-US')} opened only by a mail client or a scanner
              (fetched without a person): not counted as opened.
            </p>
          ) : null}
        </>
      ) : null}
      <h3>The first 48 hours</h3>
      <ReportTimeline key={version} api={api} campaignId={campaignId} />
      {links.data && links.data.items.length > 0 ? (
        <>
          <h3>Links clicked</h3>
          <DataTable
            label="Links clicked"
            columns={linkColumns}
            rows={links.data.items}
            rowKey={(link) => link.url}
            empty={null}
          />
        </>
      ) : null}
      <h3>Recipients</h3>
      <div className="app-page-actions" style={{ alignItems: 'end' }}>
        <SelectField
          label="Recipients who"
          value={type}
          options={campaignReportTypes.map((value) => ({ value, label: campaignReportTitles[value] }))}
          onChange={(next) => {
            setType(next as CampaignReportType);
            setPage(1);
          }}
        />
        <Button variant="secondary" onClick={() => setVersion((value) => value + 1)}>
          Refresh
        </Button>
        {/* The whole list as a file, written in the background like the Contact Book's exports. */}
        <ExportContactsButton
          api={contacts}
          filter={{ campaign: campaignId, report: type }}
          count={recipients.data ? contactCount(recipients.data.total) : undefined}
        />
      </div>
      <LoadStatus
        loaded={recipients}
        lines={3}
        loading="Loading recipients ..."
        failed="The recipients could not be loaded"
      />
      {recipients.data ? (
        <>
          <DataTable
            label={`${campaignReportTitles[type]} recipients`}
            columns={columns}
            rows={recipients.data.items}
            rowKey={(recipient) => recipient.contactId}
            empty={
              <EmptyState title="Nobody yet">No recipient is in this part of the report yet.</EmptyState>
            }
          />
          <Pager
            label="Recipients"
            page={page}
            size={recipients.data.size}
            total={recipients.data.total}
            onPage={setPage}
          />
        </>
      ) : null}
    </div>
  );
}
