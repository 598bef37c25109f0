import type { QuotaItem } from '@app/contract';
import { unlimited } from '@app/contract';
import { formatUserDateTime, StatusTag } from '@app/shared';
import { type CSSProperties, useId } from 'react';
import { formatCount, periodText, quotaLevel, usedShare } from './quota.ts';

const barColours = {
  ok: undefined,
  warning: 'var(--sl-color-warning-600)',
  danger: 'var(--sl-color-danger-600)',
};

/** One quota: used of allowed with a bar (∞ when unlimited), its period and when it last changed. */
export function QuotaCard({ label, item }: { label: string; item: QuotaItem }) {
  const id = useId();
  const share = usedShare(item);
  const level = quotaLevel(item);
  const period = periodText(item);
  const available = item.enable || item.quota !== 0;
  return (
    <section className="app-card app-panel" aria-labelledby={id} data-quota={item.feature}>
      <header className="app-panel-header">
        <h2 id={id}>{label}</h2>
        {!available ? (
          <StatusTag variant="neutral">Not in your plan</StatusTag>
        ) : !item.enable ? (
          <StatusTag variant="neutral">Counted, not limited</StatusTag>
        ) : level === 'danger' ? (
          <StatusTag variant="danger">Used up</StatusTag>
        ) : level === 'warning' ? (
          <StatusTag variant="warning">Nearly used up</StatusTag>
        ) : null}
      </header>
      <p style={{ fontSize: '1.5rem', margin: '0 0 8px' }}>
        <strong>{formatCount(item.usage)}</strong>
        {available ? <span className="muted"> / {formatCount(item.quota)}</span> : null}
        {item.quota === unlimited ? <span className="muted"> (unlimited)</span> : null}
      </p>
      {share !== null ? (
        <sl-progress-bar
          value={Math.round(share * 100)}
          label={`${label}: ${Math.round(share * 100)}% used`}
          style={
            barColours[level] ? ({ '--indicator-color': barColours[level] } as CSSProperties) : undefined
          }
        />
      ) : null}
      <dl className="app-definitions" style={{ marginTop: 12 }}>
        <dt>Period</dt>
        <dd>{period ?? 'No reset: counted for as long as the plan lasts'}</dd>
        {item.periodEnd ? (
          <>
            <dt>Resets</dt>
            <dd>{formatUserDateTime(item.periodEnd)}</dd>
          </>
        ) : null}
        <dt>Last updated</dt>
        <dd>{item.lastUpdated ? formatUserDateTime(item.lastUpdated) : 'Nothing counted yet'}</dd>
      </dl>
    </section>
  );
}
