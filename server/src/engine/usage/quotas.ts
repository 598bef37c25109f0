import type { QuotaItem } from '@app/contract/schemas';
import type { Db } from '../../db/db.ts';

export type Period = 'monthly' | 'daily' | 'none';

interface QuotaRow {
  feature: string;
  limit_name: string;
  label: string;
  quota: number;
  period: Period;
  enabled: boolean;
  plan: string;
  version: number;
}

interface CounterRow {
  feature: string;
  period_start: Date;
  used: number;
  updated_at: Date;
}

export interface CompanyQuota extends QuotaItem {
  limitName: string;
  label: string;
}

// Lifetime counters (period none) are kept under this period start.
const lifetimeStart = new Date(0);

/** The period_start of the counter a quota counts in now: lifetime counters (period none) share one. */
export function counterStart(period: Period, now: Date): Date {
  return periodOf(period, now)?.start ?? lifetimeStart;
}

/** Current period of a quota, in UTC; lifetime quotas have none. */
export function periodOf(period: Period, now: Date): { start: Date; end: Date } | undefined {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  if (period === 'monthly')
    return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
  if (period === 'daily') {
    const day = now.getUTCDate();
    return { start: new Date(Date.UTC(year, month, day)), end: new Date(Date.UTC(year, month, day + 1)) };
  }
  return undefined;
}

/** The quotas of the company's plan with this period's counters. */
export async function companyQuotas(db: Db, companyId: string, now: Date): Promise<CompanyQuota[]> {
  const quotas = await db.query<QuotaRow>(
    `SELECT q.feature, q.limit_name, q.label, q.quota, q.period, q.enabled, p.id AS plan, p.version
     FROM subscriptions s
     JOIN plans p ON p.id = s.plan_id
     JOIN plan_quotas q ON q.plan_id = p.id
     WHERE s.company_id = $1
     ORDER BY q.feature`,
    [companyId],
  );
  const starts = (['monthly', 'daily', 'none'] as const).map((period) => counterStart(period, now));
  const counters = await db.query<CounterRow>(
    `SELECT feature, period_start, used, updated_at FROM usage_counters
     WHERE company_id = $1 AND period_start = ANY($2::timestamptz[])`,
    [companyId, starts.map((start) => start.toISOString())],
  );
  return quotas.map((row) => {
    const period = periodOf(row.period, now);
    const start = counterStart(row.period, now);
    const counter = counters.find(
      (candidate) =>
        candidate.feature === row.feature && candidate.period_start.getTime() === start.getTime(),
    );
    return {
      feature: row.feature,
      limitName: row.limit_name,
      label: row.label,
      usage: counter?.used ?? 0,
      quota: row.quota,
      enable: row.enabled,
      type: row.period,
      plan: row.plan,
      version: row.version,
      periodStart: period?.start.toISOString() ?? null,
      periodEnd: period?.end.toISOString() ?? null,
      lastUpdated: counter?.updated_at.toISOString() ?? null,
    };
  });
}

/** The company's subscription with its plan. */
export function activeSubscription(db: Db, companyId: string) {
  return db.one<{
    plan_id: string;
    plan_group: string;
    version: number;
    price_cents: number;
    started_at: Date;
    expires_at: Date | null;
    payment_method: string | null;
  }>(
    `SELECT s.plan_id, p.plan_group, p.version, p.price_cents, s.started_at, s.expires_at, s.payment_method
     FROM subscriptions s JOIN plans p ON p.id = s.plan_id
     WHERE s.company_id = $1`,
    [companyId],
  );
}
