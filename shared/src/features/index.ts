export { featureFlagsFor, isConsoleProfile, isFeatureOn, rangeRulesFor } from './feature-flags.ts';
export type { ConsoleFlags, DomainFlags, FlagGroup, FlagOverrides, FlagPath } from './flags.ts';
export { defaultConsoleFlags } from './flags.ts';
export type { FeatureAccessQuery, PlanFeatureGroup, PlanSubFeature } from './plan-access.ts';
export { canUseFeature, subFeatureLimit, withinLimit } from './plan-access.ts';
export type { ConsoleProfile, ProfileDefinition } from './profiles.ts';
export { consoleProfiles, profileDefinitions } from './profiles.ts';
export type { RangeOption, RangeRules } from './ranges.ts';
export { defaultRangeRules, isCustomRangeAllowed, restrictedRangeRules } from './ranges.ts';
