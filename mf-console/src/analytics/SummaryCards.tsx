import type { MetricRow } from './api.ts';
import { rate } from './metrics.ts';

const count = (row: MetricRow, metric: string) => Number(row[metric] ?? 0);

const cardStyle = { padding: '14px 16px', margin: 0 } as const;

/** The totals of the range: injected, delivered, bounced, opened and clicked, each with its rate. */
export function SummaryCards({ totals }: { totals: MetricRow }) {
  const injected = count(totals, 'count_injected');
  const targeted = count(totals, 'count_targeted');
  const delivered = count(totals, 'count_delivered');
  const cards = [
    {
      label: 'Injected',
      value: injected,
      note: `${count(totals, 'count_rejected').toLocaleString()} rejected`,
    },
    { label: 'Delivered', value: delivered, note: `${rate(delivered, injected)} of injected` },
    {
      label: 'Bounced',
      value: count(totals, 'count_bounce'),
      note: `${rate(count(totals, 'count_bounce'), targeted)} bounce rate`,
    },
    {
      label: 'Opened',
      value: count(totals, 'count_unique_confirmed_opened'),
      note: `${rate(count(totals, 'count_unique_confirmed_opened'), delivered)} of delivered`,
    },
    {
      label: 'Clicked',
      value: count(totals, 'count_unique_clicked'),
      note: `${rate(count(totals, 'count_unique_clicked'), delivered)} of delivered`,
    },
  ];
  return (
    <ul
      aria-label="Totals"
      style={{
        listStyle: 'none',
        padding: 0,
        margin: '16px 0',
        display: 'grid',
        gap: 12,
        gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
      }}
    >
      {cards.map((card) => (
        <li key={card.label} className="app-card" style={cardStyle} data-metric={card.label}>
          <div className="muted">{card.label}</div>
          <div style={{ fontSize: '1.6rem', fontWeight: 600 }}>{card.value.toLocaleString()}</div>
          <div className="muted">{card.note}</div>
        </li>
      ))}
    </ul>
  );
}
