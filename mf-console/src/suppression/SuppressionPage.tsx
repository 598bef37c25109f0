import { $location, navigate, Page, Panel, roleAllows, useLoad } from '@app/shared';
import { useStore } from '@nanostores/react';
import { AddSuppressionForm } from './AddSuppressionForm.tsx';
import { suppressionSummary } from './api.ts';
import { CsvUpload } from './CsvUpload.tsx';
import { ResultsTable } from './ResultsTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { SuppressionSummaryPanel } from './SuppressionSummaryPanel.tsx';
import {
  emptyFilter,
  filterFromParams,
  filterQueryString,
  type SearchFilter,
  searchRequestOf,
} from './search-query.ts';
import { useSuppressionSearch } from './use-suppression-search.ts';

/** The filter of the URL and its engine call; a filter the form would refuse searches for everything. */
function appliedOf(search: string) {
  const filter = filterFromParams(new URLSearchParams(search));
  const checked = searchRequestOf(filter);
  if ('request' in checked) return { filter, request: checked.request };
  const all = searchRequestOf(emptyFilter);
  return { filter: emptyFilter, request: 'request' in all ? all.request : { query: {} } };
}

/**
 * /suppression: the addresses mail is not sent to. A summary by type and source, a search by
 * address or domain, type, source and date, and (for roles that may change it) adding one address,
 * uploading a CSV file and removing entries.
 */
export function SuppressionPage() {
  // The filters live in the URL: a search can be shared, reloaded, and gone back from.
  const location = useStore($location).search;
  const applied = appliedOf(location);
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
        <SearchForm
          key={filterQueryString(applied.filter)}
          initial={applied.filter}
          onSearch={(filter: SearchFilter) => {
            const query = filterQueryString(filter);
            if (query === filterQueryString(applied.filter)) search.reload();
            else navigate(`/suppression${query}`);
          }}
        />
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
