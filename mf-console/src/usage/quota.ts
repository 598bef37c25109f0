import { formatDisplayDate, type QuotaItem, type Usage, unlimited } from '@app/contract';

/** At this share of a quota the page warns; at 1 (all of it) it says sending stops. */
export const warningShare = 0.8;

export type QuotaLevel = 'ok' | 'warning' | 'danger';

/** The quotas in the order the page shows them, with what each one counts. */
export const quotaLabels: Record<keyof Usage, string> = {
  email: 'Emails this month',
  daily: 'Emails today',
  bulk: 'Bulk emails this month',
  extra: 'Add-on emails',
  purify: 'Email validations this month',
  sandbox: 'Sandbox emails today',
};

export const quotaOrder = Object.keys(quotaLabels) as Array<keyof Usage>;

/** A count or a limit as people read it: 12,345, or ∞ for unlimited. */
export function formatCount(value: number): string {
  return value === unlimited ? '∞' : value.toLocaleString('en-US');
}

/** The share of the quota used (0 to 1, capped), or null when there is no bound to measure against. */
export function usedShare(item: QuotaItem): number | null {
  if (item.quota === unlimited || item.quota <= 0) return null;
  return Math.min(1, item.usage / item.quota);
}

/** 'danger' once an enforced quota is used up, 'warning' from 80 %, else 'ok'. */
export function quotaLevel(item: QuotaItem): QuotaLevel {
  const share = usedShare(item);
  if (!item.enable || share === null) return 'ok';
  if (item.usage >= item.quota) return 'danger';
  return share >= warningShare ? 'warning' : 'ok';
}

/** §9 display date "DD MMMM YYYY" (e.g. 01 March 2026) of a UTC calendar day: quota periods are UTC days and months. */
export function displayDate(value: Date): string {
  return formatDisplayDate(new Date(value.getUTCFullYear(), value.getUTCMonth(), value.getUTCDate()));
}

/**
 * The days a quota counts over, first to last (the server's period end is exclusive, so the last day
 * is the one before it); null for a lifetime quota.
 */
export function periodText(item: QuotaItem): string | null {
  if (!item.periodStart || !item.periodEnd) return null;
  const start = displayDate(new Date(item.periodStart));
  const end = displayDate(new Date(new Date(item.periodEnd).getTime() - 1));
  return start === end ? `${start} (UTC)` : `${start} – ${end} (UTC)`;
}
