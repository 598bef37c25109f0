import { unlimited } from '../rules/constants.ts';

/** A plan feature group as the server sends it (§3): subFeatures carry limits where -1 is unlimited. */
export interface PlanFeatureGroup {
  name: string;
  enable: boolean;
  subFeatures?: readonly PlanSubFeature[];
}

export interface PlanSubFeature {
  name: string;
  text?: string;
  limit?: number;
  enable: boolean;
}

export interface FeatureAccessQuery {
  /** The team's plan features. */
  teamFeatures: readonly PlanFeatureGroup[] | null | undefined;
  /** The globally enabled features. */
  globalFeatures: readonly PlanFeatureGroup[] | null | undefined;
  /** Feature group name, e.g. 'contacts' (compared case-insensitively). */
  group: string;
  /** Sub-feature that must also be enabled on the team's group, e.g. 'contactLimit'. */
  subFeature?: string;
  /** When given, the sub-feature's limit must leave room for this usage. */
  used?: number;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function findGroup(groups: readonly PlanFeatureGroup[] | null | undefined, name: string) {
  return groups?.find((group) => same(group.name, name));
}

/** -1 is unlimited; otherwise usage must stay below the limit (no limit given: allowed). */
export function withinLimit(limit: number | null | undefined, used: number): boolean {
  if (limit === null || limit === undefined || limit === unlimited) return true;
  return used < limit;
}

/** The sub-feature's limit in the team plan (undefined when unknown). */
export function subFeatureLimit(
  teamFeatures: readonly PlanFeatureGroup[] | null | undefined,
  group: string,
  subFeature: string,
): number | undefined {
  return findGroup(teamFeatures, group)?.subFeatures?.find((item) => same(item.name, subFeature))?.limit;
}

/**
 * §6 plan access: the team feature group and the global feature group must both be enabled, plus
 * the sub-feature flag (when one is named) and its limit (when `used` is given).
 */
export function canUseFeature(query: FeatureAccessQuery): boolean {
  const team = findGroup(query.teamFeatures, query.group);
  const global = findGroup(query.globalFeatures, query.group);
  if (!team?.enable || !global?.enable) return false;
  if (query.subFeature === undefined) return true;
  const sub = team.subFeatures?.find((item) => same(item.name, query.subFeature ?? ''));
  if (!sub?.enable) return false;
  return query.used === undefined ? true : withinLimit(sub.limit, query.used);
}
