import { isFeatureOn, rangeRulesFor } from '@app/contract';
import {
  $company,
  $consoleFlags,
  $location,
  Alert,
  Button,
  EmptyState,
  installConsoleProfile,
  LinkButton,
  Panel,
  Skeleton,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { EventList } from './EventList.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import { FilterForm } from './FilterForm.tsx';
import { checkActivityQuery, parseActivityQuery, searchFilters } from './filters.ts';
import { styles } from './styles.ts';
import { useEventStream } from './use-event-stream.ts';

/** total_count stops counting here (the engine's cap). */
const countCap = 10_000;

/**
 * Production /activity: the engine's message events matching the range and the §2 advanced filters
 * of the URL, newest first, in a virtualized list paged by cursor ("Load more"), and their export.
 */
export function ProductionActivity() {
  const { search } = useStore($location);
  const company = useStore($company);
  const flags = useStore($consoleFlags);
  const rules = rangeRulesFor(company?.consoleProfile ?? installConsoleProfile());
  const query = useMemo(() => parseActivityQuery(search), [search]);
  const valid = Object.keys(checkActivityQuery(query, rules)).length === 0;
  // The window is fixed when the URL changes (every "Load more" reads the same events) and moves
  // on to now with Refresh.
  const [refreshed, setRefreshed] = useState(0);
  const filters = useMemo(() => (valid ? searchFilters(query) : undefined), [query, valid, refreshed]);
  const stream = useEventStream(filters, `${search}#${refreshed}`);
  // Once every page is loaded the rows are the count; before, the engine's (capped) total_count.
  const counted = !stream.hasMore
    ? stream.rows.length.toLocaleString('en-US')
    : stream.total >= countCap
      ? `${countCap.toLocaleString('en-US')}+`
      : stream.total.toLocaleString('en-US');

  return (
    <>
      <Panel title="Filters">
        <FilterForm key={search} query={query} rules={rules} />
      </Panel>
      <Panel
        title="Events"
        actions={
          <Button variant="secondary" size="small" onClick={() => setRefreshed((count) => count + 1)}>
            Refresh
          </Button>
        }
      >
        {!valid ? (
          <Alert type="warning">
            The filters in the address are not valid: correct them above and apply.
          </Alert>
        ) : stream.status === 'failed' ? (
          <Alert type="danger">The events could not be loaded: {stream.error}</Alert>
        ) : null}
        {stream.rows.length === 0 && stream.status === 'loading' ? (
          <Skeleton lines={6} label="Loading message events ..." />
        ) : stream.rows.length === 0 && stream.status === 'ready' ? (
          search ? (
            <EmptyState
              title="No events match these filters"
              action={<LinkButton to="/activity">Clear filters</LinkButton>}
            >
              Widen the range or remove a filter.
            </EmptyState>
          ) : (
            <EmptyState
              title="No message events yet"
              action={<LinkButton to="/api-key">Create an API key to send</LinkButton>}
            >
              Injections, deliveries, bounces, opens and clicks of your mail show here.
            </EmptyState>
          )
        ) : stream.rows.length > 0 ? (
          <>
            <div style={styles.summary}>
              <p className="muted" role="status" style={{ margin: 0 }}>
                Showing {stream.rows.length.toLocaleString('en-US')} of {counted} events
              </p>
            </div>
            <EventList rows={stream.rows} />
            {stream.hasMore ? (
              <div style={styles.actions}>
                <Button variant="secondary" busy={stream.status === 'loading'} onClick={stream.loadMore}>
                  Load more
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </Panel>
      {/* §6: a restricted profile without exports shows no export at all. */}
      {isFeatureOn(flags, 'activity.export') ? <ExportPanel filters={filters} /> : null}
    </>
  );
}
