import type { Clock } from '../../clock.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { createNotifiedCache } from '../../db/notified-cache.ts';
import { activeSubscription, counterStart, type Period } from './quotas.ts';

interface PlanQuota {
  feature: string;
  limitName: string;
  quota: number;
  period: Period;
  enabled: boolean;
}

export interface QuotaCharge {
  feature: string;
  amount: number;
}

export type ChargeResult = { ok: true } | { ok: false; feature: string; limitName: string };

export type PlanQuotas = ReadonlyMap<string, PlanQuota>;

/** The feature group of the transactional quotas, as the over-quota message names it (§8). */
export const quotaFeatureGroup = 'transactional email';

/** How long a company's plan is trusted without a change announced (a lost announcement). */
const planCacheMs = 10_000;
/** Announces a company's plan change (payload: the company id) to every process's plan cache. */
export const planChanged = 'plan_changed';

export type UsageMeter = ReturnType<typeof createUsageMeter>;

/**
 * Counts sends against the company's plan. Charges run inside the caller's transaction, each one a
 * single conditional upsert, so two concurrent sends can never both take the last unit of a quota.
 * Enabled quotas are enforced (-1 = unlimited); disabled ones are only counted.
 */
export function createUsageMeter(db: Db, clock: Clock) {
  const plans = createNotifiedCache(
    db,
    clock,
    { channel: planChanged, ttlMs: planCacheMs },
    async (companyId): Promise<PlanQuotas> => {
      const rows = await db.query<{
        feature: string;
        limit_name: string;
        quota: number;
        period: Period;
        enabled: boolean;
      }>(
        `SELECT q.feature, q.limit_name, q.quota, q.period, q.enabled
         FROM subscriptions s JOIN plan_quotas q ON q.plan_id = s.plan_id WHERE s.company_id = $1`,
        [companyId],
      );
      return new Map(
        rows.map((row) => [
          row.feature,
          {
            feature: row.feature,
            limitName: row.limit_name,
            quota: row.quota,
            period: row.period,
            enabled: row.enabled,
          },
        ]),
      );
    },
  );
  const planQuotas = (companyId: string): Promise<PlanQuotas> => plans.get(companyId);

  /** Adds `amount` when it fits; the number of rows returned says whether it did. */
  async function chargeOne(
    tx: Db,
    companyId: string,
    quota: PlanQuota | undefined,
    charge: QuotaCharge,
    now: Date,
  ) {
    const start = counterStart(quota?.period ?? 'monthly', now);
    const limit = quota?.enabled ? quota.quota : -1;
    if (limit >= 0 && charge.amount > limit) return false;
    const rows = await tx.query(
      `INSERT INTO usage_counters (company_id, feature, period_start, used, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (company_id, feature, period_start) DO UPDATE
         SET used = usage_counters.used + EXCLUDED.used, updated_at = EXCLUDED.updated_at
         WHERE $6::integer < 0 OR usage_counters.used + EXCLUDED.used <= $6::integer
       RETURNING used`,
      [companyId, charge.feature, start, charge.amount, now, limit],
    );
    return rows.length > 0;
  }

  async function refund(
    tx: Db,
    companyId: string,
    quota: PlanQuota | undefined,
    charge: QuotaCharge,
    now: Date,
  ) {
    await tx.query(
      `UPDATE usage_counters SET used = greatest(used - $4, 0)
       WHERE company_id = $1 AND feature = $2 AND period_start = $3`,
      [companyId, charge.feature, counterStart(quota?.period ?? 'monthly', now), charge.amount],
    );
  }

  const isEnforced = (quotas: PlanQuotas, feature: string) => {
    const quota = quotas.get(feature);
    return quota?.enabled === true && quota.quota >= 0;
  };

  return {
    planQuotas,

    /** Splits charges into those a quota limits and those only counted (unlimited or disabled). */
    split(quotas: PlanQuotas, charges: readonly QuotaCharge[]) {
      return {
        enforced: charges.filter((charge) => isEnforced(quotas, charge.feature)),
        counted: charges.filter((charge) => !isEnforced(quotas, charge.feature)),
      };
    },

    /**
     * Charges every feature or none. When the monthly `email` quota is used up, an enabled add-on
     * (`extra`) quota takes the send instead. `quotas` come from planQuotas, read before the
     * transaction: inside it only `tx` may be used (PGlite has a single connection).
     */
    async charge(
      tx: Db,
      companyId: string,
      quotas: PlanQuotas,
      charges: readonly QuotaCharge[],
    ): Promise<ChargeResult> {
      const now = clock.now();
      const done: QuotaCharge[] = [];
      for (const charge of charges) {
        if (charge.amount <= 0) continue;
        const quota = quotas.get(charge.feature);
        let ok = await chargeOne(tx, companyId, quota, charge, now);
        if (!ok && charge.feature === 'email' && quotas.get('extra')?.enabled) {
          const extra: QuotaCharge = { feature: 'extra', amount: charge.amount };
          ok = await chargeOne(tx, companyId, quotas.get('extra'), extra, now);
          if (ok) {
            done.push(extra);
            continue;
          }
        }
        if (!ok) {
          for (const charged of done) await refund(tx, companyId, quotas.get(charged.feature), charged, now);
          return { ok: false, feature: charge.feature, limitName: quota?.limitName ?? charge.feature };
        }
        done.push(charge);
      }
      return { ok: true };
    },

    /**
     * Whether the charges would fit the quotas now, without taking anything: for sends accepted now
     * and charged later (scheduled transmissions are charged, and may still be refused, when generated).
     */
    async fits(companyId: string, charges: readonly QuotaCharge[]): Promise<ChargeResult> {
      const quotas = await planQuotas(companyId);
      const now = clock.now();
      for (const charge of charges) {
        const quota = quotas.get(charge.feature);
        if (!quota || !isEnforced(quotas, charge.feature)) continue;
        const row = await db.maybeOne<{ used: number }>(
          'SELECT used FROM usage_counters WHERE company_id = $1 AND feature = $2 AND period_start = $3',
          [companyId, charge.feature, counterStart(quota.period, now)],
        );
        if ((row?.used ?? 0) + charge.amount <= quota.quota) continue;
        if (charge.feature === 'email' && quotas.get('extra')?.enabled) continue;
        return { ok: false, feature: charge.feature, limitName: quota.limitName };
      }
      return { ok: true };
    },

    /** When the company's plan (its subscription) ends; null for one that does not. */
    expiresAt: async (companyId: string): Promise<Date | null> =>
      (await activeSubscription(db, companyId)).expires_at,

    /**
     * Gives back, through `tx`, charges taken at `chargedAt` (in that period's counters) for messages
     * that were never made: recipients accepted in bulk whose composition failed.
     */
    async refund(tx: Db, companyId: string, charges: readonly QuotaCharge[], chargedAt: Date): Promise<void> {
      const quotas = await planQuotas(companyId);
      for (const charge of charges) {
        if (charge.amount > 0) await refund(tx, companyId, quotas.get(charge.feature), charge, chargedAt);
      }
    },

    /**
     * Adds to counters no quota limits, in one statement: callers sum a whole batch into one call per
     * company. Counters are written in feature order, as every writer does.
     */
    async count(
      tx: Db,
      companyId: string,
      quotas: PlanQuotas,
      charges: readonly QuotaCharge[],
    ): Promise<void> {
      const now = clock.now();
      const counted = charges
        .filter((charge) => charge.amount > 0)
        .sort((a, b) => (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0));
      if (counted.length === 0) return;
      await tx.query(
        `INSERT INTO usage_counters (company_id, feature, period_start, used, updated_at)
         SELECT $1, c.feature, c.period_start, c.used, $2
         FROM unnest($3::text[], $4::timestamptz[], $5::integer[]) AS c (feature, period_start, used)
         ON CONFLICT (company_id, feature, period_start) DO UPDATE
           SET used = usage_counters.used + EXCLUDED.used, updated_at = EXCLUDED.updated_at`,
        [
          companyId,
          now,
          counted.map((charge) => charge.feature),
          counted.map((charge) => counterStart(quotas.get(charge.feature)?.period ?? 'monthly', now)),
          counted.map((charge) => charge.amount),
        ],
      );
    },

    /** Announces through `on` (at commit when it is a transaction) that the company's plan changed, to every process. */
    planChanged(on: Queryable, companyId: string): Promise<void> {
      return plans.changed(on, companyId);
    },
  };
}
