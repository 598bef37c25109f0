import type { AbMetric } from '@app/contract/marketing/ab-test-words';

/** One version's test results, recipients counted once (opens by people only). */
export interface VersionTotals {
  version: number;
  sent: number;
  opened: number;
  clicked: number;
}

const rateOf = (totals: VersionTotals, metric: AbMetric) =>
  totals.sent === 0 ? 0 : (metric === 'clicks' ? totals.clicked : totals.opened) / totals.sent;

/** The version with the best rate of `metric` (ties and an empty test: the earliest, A first). */
export function winnerOf(totals: readonly VersionTotals[], metric: AbMetric): number {
  let best: VersionTotals | undefined;
  for (const version of totals) {
    if (!best || rateOf(version, metric) > rateOf(best, metric)) best = version;
  }
  return best?.version ?? 0;
}

/**
 * Whether the leader's lead over the runner-up could be chance: a two-proportion z-test at 95 % (|z|
 * below 1.96), or too few recipients for it (fewer than 5 successes and 5 failures expected).
 */
export function leadIsChance(totals: readonly VersionTotals[], metric: AbMetric): boolean {
  const [first, second] = [...totals].sort((a, b) => rateOf(b, metric) - rateOf(a, metric));
  if (!first || !second) return true;
  const hits = (version: VersionTotals) => (metric === 'clicks' ? version.clicked : version.opened);
  const pooled = (hits(first) + hits(second)) / Math.max(1, first.sent + second.sent);
  const smallest = Math.min(first.sent, second.sent);
  if (smallest * pooled < 5 || smallest * (1 - pooled) < 5) return true;
  const error = Math.sqrt(pooled * (1 - pooled) * (1 / first.sent + 1 / second.sent));
  return error === 0 || Math.abs(rateOf(first, metric) - rateOf(second, metric)) / error < 1.96;
}
