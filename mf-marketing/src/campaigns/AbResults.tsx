import { abVersionNames } from '@app/contract/marketing/ab-test-words';
import type { AbReport, AbVersionReport } from '@app/contract/marketing/campaigns';
import {
  $team,
  Button,
  type Column,
  ConfirmButton,
  DataTable,
  LoadStatus,
  roleAllows,
  StatusTag,
  showToast,
  useLoad,
} from '@app/shared';
import { useEffect } from 'react';
import type { CampaignApi } from './api.ts';
import { inTeamZone, shareOf } from './campaign-status.ts';

const metricWords = { clicks: 'click rate', opens: 'open rate' } as const;

/** What the test is doing now, in a sentence. */
function stateText(report: AbReport): string {
  const { state } = report;
  if (!state) return 'The test has not started.';
  const winner = state.winner === null ? '' : `Version ${abVersionNames[state.winner]}`;
  if (state.phase === 'test') return 'The versions are going out to the test share.';
  if (state.phase === 'waiting') {
    const ends = state.testEndsAt
      ? inTeamZone(state.testEndsAt, $team.get()?.timezoneOffset ?? '+0000')
      : 'soon';
    return state.winner === null
      ? `The test ends ${ends}; then the version with the best ${metricWords[report.metric]} goes to the rest.`
      : `${winner}, picked by hand, is going to the rest.`;
  }
  return state.pickedBy === 'hand'
    ? `${winner}, picked by hand, went to the rest.`
    : `${winner} won on ${metricWords[report.metric]} and went to the rest.`;
}

/**
 * An A/B test's versions side by side (§1): each one's recipients, deliveries, opens by people and
 * clicks with their rates; while the test waits, any version can be sent to the rest by hand (§4).
 */
export function AbResults({
  api,
  campaignId,
  followed,
  onPicked,
}: {
  api: CampaignApi;
  campaignId: string;
  /** How many times the page has followed its campaign (every 2 s while it is scheduled or sending). */
  followed: number;
  onPicked: () => void;
}) {
  const report = useLoad(() => api.abReport(campaignId), [api, campaignId]);
  const data = report.data;
  // While the versions go out, each follow of the campaign above reloads the results too, until the
  // test waits for its winner (else the panel would stay on "going out").
  const goingOut = data?.state?.phase === 'test';
  const { reload } = report;
  useEffect(() => {
    if (goingOut) reload();
  }, [followed]);
  const waiting = data?.state?.phase === 'waiting' && data.state.winner === null;
  const canPick = waiting && roleAllows('campaigns.send');
  const columns: Column<AbVersionReport>[] = [
    {
      key: 'version',
      label: 'Version',
      render: (row) => (
        <>
          {row.version}
          {data?.state?.winner !== null && abVersionNames[data?.state?.winner ?? -1] === row.version ? (
            <>
              {' '}
              <StatusTag variant="success">Winner</StatusTag>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'subject', label: 'Subject', render: (row) => row.subject },
    { key: 'sender', label: 'Sender name', secondary: true, render: (row) => row.senderName },
    { key: 'sent', label: 'Sent', render: (row) => row.sent.toLocaleString('en-US') },
    {
      key: 'opened',
      label: 'Opened',
      render: (row) => `${row.opened.toLocaleString('en-US')} ${shareOf(row.opened, row.sent)}`,
    },
    {
      key: 'clicked',
      label: 'Clicked',
      render: (row) => `${row.clicked.toLocaleString('en-US')} ${shareOf(row.clicked, row.sent)}`,
    },
    ...(canPick
      ? [
          {
            key: 'pick',
            label: 'Winner',
            render: (row: AbVersionReport) => (
              <ConfirmButton
                label={`Send version ${row.version} to the rest`}
                size="small"
                variant="secondary"
                danger={false}
                title="Pick the winner"
                question={<p>Send version {row.version} to the recipients who have not had the test, now?</p>}
                confirmLabel="Send it now"
                onConfirm={async () => {
                  await api.pickWinner(campaignId, abVersionNames.indexOf(row.version as 'A'));
                  showToast({ type: 'success', message: `Version ${row.version} is going to the rest.` });
                  report.reload();
                  onPicked();
                }}
              />
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <LoadStatus
        loaded={report}
        lines={3}
        loading="Loading the versions ..."
        failed="The A/B test results could not be loaded"
      />
      {data ? (
        <>
          <p role="status">{stateText(data)}</p>
          {data.note ? <p className="muted">{data.note}</p> : null}
          <DataTable label="Versions" columns={columns} rows={data.versions} rowKey={(row) => row.version} />
          <Button size="small" variant="secondary" onClick={report.reload}>
            Refresh
          </Button>
        </>
      ) : null}
    </>
  );
}
