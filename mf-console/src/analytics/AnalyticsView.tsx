import type { AnalyticFilterSet } from '@app/contract';
import {
  $rangeRules,
  Alert,
  consoleFeature,
  EmptyState,
  LoadStatus,
  Panel,
  Skeleton,
  useLoad,
} from '@app/shared';
import { useStore } from '@nanostores/react';
import { loadBreakdown, loadOverview } from './api.ts';
import { BreakdownTable } from './BreakdownTable.tsx';
import { breakdownOptions } from './breakdown-options.ts';
import { FilterBar } from './FilterBar.tsx';
import { defaultFilterSet, queryOfFilterSet, withFilter } from './filter-set.ts';
import { breakdownInfo } from './metrics.ts';
import { SummaryCards } from './SummaryCards.tsx';
import { TimeSeriesChart } from './TimeSeriesChart.tsx';
import { customRangeProblem, metricsWindowOf } from './time-window.ts';

/**
 * The analytics of one view: the filter, the totals, the time series and the breakdown, all read
 * from the engine's Metrics API. Changing anything calls `onChange` (the page keeps it in the URL).
 */
export function AnalyticsView({
  set: asked,
  onChange,
}: {
  set: AnalyticFilterSet;
  onChange: (set: AnalyticFilterSet) => void;
}) {
  const rules = useStore($rangeRules);
  const options = breakdownOptions();
  const set = options.includes(asked.breakdown) ? asked : { ...asked, breakdown: options[0] ?? 'domain' };
  const problem = set.range === 'custom' ? customRangeProblem(rules, set.from, set.to, Date.now()) : null;
  // The totals and the series do not depend on the breakdown: choosing another reloads only the table.
  const overviewKey = queryOfFilterSet({ ...set, breakdown: defaultFilterSet.breakdown });
  const overview = useLoad(
    () => (problem ? Promise.resolve(undefined) : loadOverview(set, metricsWindowOf(set, Date.now()))),
    [overviewKey, problem],
  );
  const withBreakdown = consoleFeature('analytic.breakdown');
  const breakdown = useLoad(
    () =>
      problem || !withBreakdown
        ? Promise.resolve(undefined)
        : loadBreakdown(set, metricsWindowOf(set, Date.now())),
    [queryOfFilterSet(set), problem, withBreakdown],
  );
  const { precision } = metricsWindowOf(set, Date.now());
  const filter = breakdownInfo[set.breakdown].filter;
  const noMail =
    overview.data !== undefined &&
    Number(overview.data.totals.count_targeted ?? 0) === 0 &&
    Number(overview.data.totals.count_bounce ?? 0) === 0;

  return (
    <>
      <Panel title="Sending">
        {consoleFeature('analyticFilter') ? <FilterBar set={set} rules={rules} onChange={onChange} /> : null}
        {problem ? (
          <Alert type="warning" title="This range cannot be shown">
            {problem}
          </Alert>
        ) : null}
        {overview.status === 'loading' && overview.data ? (
          <sl-progress-bar indeterminate label="Updating analytics" style={{ marginTop: 12 }} />
        ) : null}
        <LoadStatus
          loaded={overview}
          lines={6}
          loading="Loading analytics ..."
          failed="The analytics could not be loaded"
        />
        {overview.data ? (
          <>
            <SummaryCards totals={overview.data.totals} />
            {noMail ? (
              <EmptyState title="No mail in this range">
                Nothing was sent in the chosen range
                {Object.keys(set.filters).length > 0 ? ' with these filters' : ''}. Mail you send through the
                API or the SMTP relay shows here as it is injected, delivered or bounced.
              </EmptyState>
            ) : (
              <TimeSeriesChart series={overview.data.series} statuses={set.status} precision={precision} />
            )}
          </>
        ) : null}
      </Panel>
      {withBreakdown && !problem ? (
        <Panel title="Breakdown">
          {breakdown.data ? (
            <BreakdownTable
              set={set}
              rows={breakdown.data}
              options={options}
              onBreakdown={(next) => onChange({ ...set, breakdown: next })}
              onFilter={(value) => (filter ? onChange(withFilter(set, filter, value)) : undefined)}
            />
          ) : breakdown.status === 'failed' ? (
            <LoadStatus loaded={breakdown} lines={4} loading="" failed="The breakdown could not be loaded" />
          ) : (
            <Skeleton lines={4} label="Loading the breakdown ..." />
          )}
        </Panel>
      ) : null}
    </>
  );
}
