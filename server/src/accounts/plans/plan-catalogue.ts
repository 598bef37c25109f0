import { quotaExceededMessage } from '@app/contract/codes';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';

/** A feature group of a company's plan as §3 describes it: on only when the install has it on too. */
export interface PlanGroup {
  name: string;
  enable: boolean;
  subFeatures: PlanGroupLimit[];
}

export interface PlanGroupLimit {
  name: string;
  text: string;
  /** -1: unlimited. */
  limit: number;
  enable: boolean;
}

interface GroupRow {
  feature_group: string;
  enabled: boolean;
  name: string | null;
  label: string | null;
  quota: string | null;
  sub_enabled: boolean | null;
}

/**
 * The company's plan feature groups (migration 032), in the spec's order, each with the sub-features
 * the catalogue gives it (a limit the operator set for the company wins over its plan's). The transactional email and team groups' limits are the engine's quotas
 * (plan_quotas); the caller adds them.
 */
export async function planGroupsOf(db: Db, companyId: string): Promise<PlanGroup[]> {
  const rows = await db.query<GroupRow>(
    `SELECT g.feature_group, g.enabled AND COALESCE(i.enabled, false) AS enabled,
            f.name, f.label, COALESCE(o.quota, f.quota)::text AS quota,
            CASE WHEN o.quota IS NULL THEN f.enabled ELSE o.quota <> 0 END AS sub_enabled
     FROM subscriptions s
     JOIN plan_feature_groups g ON g.plan_id = s.plan_id
     LEFT JOIN install_feature_groups i ON i.feature_group = g.feature_group
     LEFT JOIN plan_sub_features f ON f.plan_id = g.plan_id AND f.feature_group = g.feature_group
     LEFT JOIN company_limit_overrides o ON o.company_id = s.company_id AND o.name = f.name
     WHERE s.company_id = $1
     ORDER BY g.position, f.name`,
    [companyId],
  );
  const groups = new Map<string, PlanGroup>();
  for (const row of rows) {
    const group = groups.get(row.feature_group) ?? {
      name: row.feature_group,
      enable: row.enabled,
      subFeatures: [],
    };
    groups.set(row.feature_group, group);
    if (row.name !== null) {
      group.subFeatures.push({
        name: row.name,
        text: row.label ?? row.name,
        limit: Number(row.quota),
        enable: row.sub_enabled === true,
      });
    }
  }
  return [...groups.values()];
}

/** One limit of the company's plan: -1 unlimited, 0 when its group or sub-feature is off. */
export async function planLimitOf(
  db: Db,
  companyId: string,
  group: string,
  subFeature: string,
): Promise<number> {
  // The one row `planGroupsOf` would find among all of them, by a function that each connection
  // plans once (migration 070): a form's submit asks twice.
  const row = await db.one<{ limit: string }>('SELECT plan_limit_of($1, $2, $3)::text AS limit', [
    companyId,
    group,
    subFeature,
  ]);
  return Number(row.limit);
}

/**
 * Refuses, with §8's `quotaExceeded` and its `{feature, subfeature}` payload, to take a company past a
 * limit of its plan: `used` is what it holds (or sent this period), `adding` what the request would
 * add. A group or sub-feature that is off leaves no room at all.
 */
export async function ensureWithinPlan(db: Db, companyId: string, limit: PlanUse): Promise<void> {
  ensureWithinLimit(await planLimitOf(db, companyId, limit.group, limit.subFeature), limit);
}

/** What a request would use of one plan limit (see `ensureWithinPlan`). */
export interface PlanUse {
  group: string;
  subFeature: string;
  used: number;
  adding?: number;
}

/** `ensureWithinPlan` with the limit already read (`planLimitOf`; -1 is unlimited). */
export function ensureWithinLimit(allowed: number, limit: PlanUse): void {
  const room = allowed === -1 ? Number.POSITIVE_INFINITY : allowed - limit.used;
  if ((limit.adding ?? 1) <= room) return;
  throw new DomainError('quotaExceeded', quotaExceededMessage(limit.subFeature, limit.group), {
    feature: limit.group,
    subfeature: limit.subFeature,
  });
}

/** The names of the catalogue's limits (contactLimit, storageLimit...), which `admin set-limit` may set. */
export async function catalogueLimitNames(db: Db): Promise<string[]> {
  const rows = await db.query<{ name: string }>('SELECT DISTINCT name FROM plan_sub_features ORDER BY name');
  return rows.map((row) => row.name);
}

/** Sets one company's `name` limit (-1: unlimited, 0: off), or gives it its plan's again (null). */
export async function setCompanyLimit(db: Db, companyId: string, name: string, quota: number | null) {
  if (quota === null) {
    await db.query('DELETE FROM company_limit_overrides WHERE company_id = $1 AND name = $2', [
      companyId,
      name,
    ]);
    return;
  }
  await db.query(
    `INSERT INTO company_limit_overrides (company_id, name, quota) VALUES ($1, $2, $3)
     ON CONFLICT (company_id, name) DO UPDATE SET quota = EXCLUDED.quota`,
    [companyId, name, quota],
  );
}
