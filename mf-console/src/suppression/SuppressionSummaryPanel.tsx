import type { SuppressionSummary } from '@app/contract';
import { type Loaded, LoadStatus, Panel } from '@app/shared';
import { Fragment } from 'react';

const sourceRows: Array<[keyof SuppressionSummary, string]> = [
  ['manually_added', 'Manually added'],
  ['bounce_rule', 'Bounce rule'],
  ['spam_complaint', 'Spam complaint'],
  ['list_unsubscribe', 'List unsubscribe'],
  ['unsubscribe_link', 'Unsubscribe link'],
  ['compliance', 'Compliance'],
];

const count = (value: number) => value.toLocaleString('en-US');

/** How many addresses the list holds: in all, by type and by the source that added them. */
export function SuppressionSummaryPanel({ summary }: { summary: Loaded<SuppressionSummary> }) {
  const data = summary.data;
  return (
    <Panel title="Summary">
      <LoadStatus
        loaded={summary}
        lines={2}
        loading="Loading the summary ..."
        failed="The summary could not be loaded"
      />
      {data ? (
        <div className="app-form-row" style={{ alignItems: 'start', gap: 16 }}>
          <dl className="app-definitions" aria-label="Entries by type">
            <dt>Entries in all</dt>
            <dd>{count(data.total)}</dd>
            <dt>Transactional</dt>
            <dd>{count(data.transactional)}</dd>
            <dt>Non-transactional</dt>
            <dd>{count(data.non_transactional)}</dd>
          </dl>
          <dl className="app-definitions" aria-label="Entries by source">
            {sourceRows.map(([key, label]) => (
              <Fragment key={key}>
                <dt>{label}</dt>
                <dd>{count(data[key])}</dd>
              </Fragment>
            ))}
          </dl>
        </div>
      ) : null}
    </Panel>
  );
}
