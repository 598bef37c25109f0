import {
  Alert,
  Button,
  consoleFeature,
  formatUserDateTime,
  LoadStatus,
  Page,
  Panel,
  useLoad,
} from '@app/shared';
import { useState } from 'react';
import { getDailySends, getUsage } from './api.ts';
import { DailyUsageChart, type DayCount } from './DailyUsageChart.tsx';
import { QuotaAlerts } from './QuotaAlerts.tsx';
import { QuotaCard } from './QuotaCard.tsx';
import { quotaLabels, quotaOrder } from './quota.ts';

const dayMs = 86_400_000;

/** Every UTC day of [from, to) with its count (0 for days the rollups have nothing for). */
function everyDay(
  from: string,
  to: string,
  series: ReadonlyArray<{ ts: string; Injection?: number }>,
): DayCount[] {
  const counts = new Map(series.map((point) => [new Date(point.ts).getTime(), point.Injection ?? 0]));
  const days: DayCount[] = [];
  for (let day = new Date(from).getTime(); day < new Date(to).getTime(); day += dayMs)
    days.push({ day, count: counts.get(day) ?? 0 });
  return days;
}

/** The month's daily sends, for the chart (the email quota's period); loaded again when `round` changes. */
function DailyUsage({ from, to, round }: { from: string; to: string; round: number }) {
  const daily = useLoad(() => getDailySends(from, to), [from, to, round]);
  return (
    <Panel title="Daily usage">
      <LoadStatus
        loaded={daily}
        lines={4}
        loading="Loading daily usage ..."
        failed="Daily usage could not be loaded"
      />
      {daily.data ? (
        <DailyUsageChart days={everyDay(daily.data.from, daily.data.to, daily.data.series)} />
      ) : null}
    </Panel>
  );
}

/**
 * /usage-monitoring: each quota of the plan (§3: email, daily, bulk, add-on, validation, sandbox) as
 * used of allowed, ∞ when unlimited, with its period; warnings from 80 % of a quota; the plan and the
 * month's daily sends. §6 restricted profiles see the usage alone (no plan, chart or add-on).
 */
export function UsageMonitoringPage() {
  const usage = useLoad(getUsage, []);
  const [round, setRound] = useState(0);
  const title = 'Usage Monitoring';
  if (!consoleFeature('usage.information')) {
    return (
      <Page title={title}>
        <Alert type="info">Usage information is not available for this account.</Alert>
      </Page>
    );
  }
  const withPlan = consoleFeature('usage.plan');
  const withChart = consoleFeature('usage.chart');
  const withAddOn = consoleFeature('usage.addOn');
  const data = usage.data;
  const quotas = data
    ? quotaOrder
        .filter((feature) => withAddOn || feature !== 'extra')
        .map((feature) => ({ label: quotaLabels[feature], item: data[feature] }))
    : [];
  const lastUpdated = quotas
    .map(({ item }) => item.lastUpdated)
    .filter((value): value is string => value !== null)
    .sort()
    .at(-1);

  return (
    <Page
      title={title}
      description="How much of your plan's quotas this period has used, and when each one resets."
      actions={
        <Button
          variant="secondary"
          busy={usage.status === 'loading' && Boolean(data)}
          onClick={() => {
            usage.reload();
            setRound((current) => current + 1);
          }}
        >
          Refresh
        </Button>
      }
    >
      <LoadStatus loaded={usage} lines={6} loading="Loading usage ..." failed="Usage could not be loaded" />
      {data ? (
        <>
          <QuotaAlerts quotas={quotas} />
          {withPlan ? (
            <Panel title="Plan">
              <dl className="app-definitions">
                <dt>Plan</dt>
                <dd>
                  {data.email.plan} <span className="muted">(version {data.email.version})</span>
                </dd>
                <dt>Last activity</dt>
                <dd>{lastUpdated ? formatUserDateTime(lastUpdated) : 'No mail counted this period'}</dd>
              </dl>
            </Panel>
          ) : null}
          <div
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16 }}
          >
            {quotas.map(({ label, item }) => (
              <QuotaCard key={item.feature} label={label} item={item} />
            ))}
          </div>
          {withChart && data.email.periodStart && data.email.periodEnd ? (
            <DailyUsage from={data.email.periodStart} to={data.email.periodEnd} round={round} />
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
