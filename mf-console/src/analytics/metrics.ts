import type { AnalyticBreakdown, AnalyticFilterKey, AnalyticStatus } from '@app/contract';

/** The metric each status of the §2 filter charts. */
export const statusMetrics: Record<AnalyticStatus, string> = {
  Injection: 'count_injected',
  Delivery: 'count_delivered',
  Bounce: 'count_bounce',
};

/** The counts the summary cards read. */
export const summaryMetrics = [
  'count_targeted',
  'count_injected',
  'count_rejected',
  'count_delivered',
  'count_bounce',
  'count_unique_confirmed_opened',
  'count_unique_clicked',
] as const;

/** One breakdown of the table: its label, the row's key and the filter a row can narrow to. */
export interface BreakdownInfo {
  label: string;
  /** The column header of the grouped value. */
  column: string;
  key: string;
  filter?: AnalyticFilterKey;
}

export const breakdownInfo: Record<AnalyticBreakdown, BreakdownInfo> = {
  'sending-domain': {
    label: 'Sending domain',
    column: 'Sending domain',
    key: 'sending_domain',
    filter: 'sending_domains',
  },
  domain: { label: 'Recipient domain', column: 'Recipient domain', key: 'domain', filter: 'domains' },
  campaign: { label: 'Campaign', column: 'Campaign', key: 'campaign_id', filter: 'campaigns' },
  template: { label: 'Template', column: 'Template', key: 'template_id', filter: 'templates' },
  subaccount: { label: 'Subaccount', column: 'Subaccount', key: 'subaccount_id', filter: 'subaccounts' },
  'bounce-reason': { label: 'Bounce reason', column: 'Bounce reason', key: 'reason' },
};

/** The label of each filter, as the active-filter tags name it. */
export const filterLabels: Record<AnalyticFilterKey, string> = {
  sending_domains: 'Sending domain',
  domains: 'Recipient domain',
  campaigns: 'Campaign',
  templates: 'Template',
  subaccounts: 'Subaccount',
};

/** How a grouped value reads: the primary account for subaccount 0, "(none)" for an empty one. */
export function valueLabel(filter: AnalyticFilterKey | undefined, value: string): string {
  if (filter === 'subaccounts' && value === '0') return 'Primary account';
  return value === '' ? '(none)' : value;
}

/** part / whole as a percentage with one decimal, or an em dash when there is no whole. */
export function rate(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—';
}
