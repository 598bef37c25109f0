import type { QuotaItem } from '@app/contract';
import { Alert } from '@app/shared';
import { formatCount, periodText, quotaLevel, usedShare } from './quota.ts';

/** A warning per quota at 80 % or more, a danger notice per quota used up (sending it counts stops). */
export function QuotaAlerts({ quotas }: { quotas: ReadonlyArray<{ label: string; item: QuotaItem }> }) {
  return (
    <>
      {quotas.map(({ label, item }) => {
        const level = quotaLevel(item);
        if (level === 'ok') return null;
        const counts = `${formatCount(item.usage)} of ${formatCount(item.quota)}`;
        const period = periodText(item);
        return level === 'danger' ? (
          <Alert key={item.feature} type="danger" title={`${label}: quota used up`}>
            All {counts} are used{period ? ` for ${period}` : ''}. Mail over this quota is refused until the
            period resets or your plan grows.
          </Alert>
        ) : (
          <Alert key={item.feature} type="warning" title={`${label}: nearing the quota`}>
            {Math.round((usedShare(item) ?? 0) * 100)}% used ({counts}).
          </Alert>
        );
      })}
    </>
  );
}
