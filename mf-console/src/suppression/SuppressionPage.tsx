import { Page, Panel, useLoad } from '@app/shared';
import { useState } from 'react';
import { roleAllows } from '../role-gate.tsx';
import { AddSuppressionForm } from './AddSuppressionForm.tsx';
import { suppressionSummary } from './api.ts';
import { CsvUpload } from './CsvUpload.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { SuppressionSummaryPanel } from './SuppressionSummaryPanel.tsx';
import { emptyFilter, type SearchFilter, type SearchRequest, searchRequestOf } from './search-query.ts';
import { useSuppressionSearch } from './use-suppression-search.ts';

const firstRequest = (() => {
  const checked = searchRequestOf(emptyFilter);
  return 'request' in checked ? checked.request : { query: {} };
})();

/**
 * /suppression: the addresses mail is not sent to. A summary by type and source, a search by
 * address or domain, type, source and date, and (for roles that may change it) adding one address,
 * uploading a CSV file and removing entries.
 */
export function SuppressionPage() {
  const [applied, setApplied] = useState<{ filter: SearchFilter; request: SearchRequest }>({
    filter: emptyFilter,
    request: firstRequest,
  });
  const summary = useLoad(suppressionSummary, []);
  const search = useSuppressionSearch(applied.request, applied.filter);
  const canChange = roleAllows('suppression.manage');
  const changed = () => {
    summary.reload();
    search.reload();
  };

  return (
    <Page
      title="Suppression"
      description="Mail is not sent to the addresses on this list: hard bounces, spam complaints and unsubscribes are added on their own, and you can add or remove addresses here."
    >
      <SuppressionSummaryPanel summary={summary} />
      <Panel title="Search">
        <SearchForm initial={emptyFilter} onSearch={(filter, request) => setApplied({ filter, request })} />
        <ResultsTable
          search={search}
          filtered={JSON.stringify(applied.filter) !== JSON.stringify(emptyFilter)}
          onRemoved={changed}
        />
      </Panel>
      {canChange ? (
        <div className="app-columns">
          <Panel title="Add an address">
            <AddSuppressionForm onAdded={changed} />
          </Panel>
          <Panel title="Upload a CSV file">
            <CsvUpload onUploaded={changed} />
          </Panel>
        </div>
      ) : null}
    </Page>
  );
}
