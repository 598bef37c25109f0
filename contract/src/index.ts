// @app/contract: what the server and the console agree on, organised by product like the server (accounts,
// engine, editor): request and answer schemas, error codes, the rules both run, console flags and plans,
// and the route table's names. No React, no DOM.
//
// This entry is one module of the import map, loaded at the console's first paint: every type, and of the
// values only those from modules without zod. Schemas are imported from their own modules
// (`@app/contract/engine/templates`); the server and the forms that check them load them there.
// Types only: no first page needs the lists yet (their modules are imported where they are).
export type * from './accounts/company-toggles.ts';
export * from './accounts/onboarding-choices.ts';
export * from './accounts/permissions.ts';
export type * from './accounts/plans.ts';
export * from './codes.ts';
// The embed tokens the console lists and revokes on a template's Embed panel.
export type { EmbedTokenInfo } from './editor/embed-api.ts';
export * from './engine/activity-limits.ts';
export * from './engine/analytic-choices.ts';
export * from './engine/event-types.ts';
export * from './engine/grants.ts';
export type * from './engine/index.ts';
export * from './engine/netmask.ts';
export * from './engine/sandbox-limits.ts';
export * from './engine/suppression-choices.ts';
export * from './engine/validation-list-limits.ts';
export { featureFlagsFor, isConsoleProfile, isFeatureOn, rangeRulesFor } from './features/feature-flags.ts';
export type { ConsoleFlags, DomainFlags, FlagGroup, FlagOverrides, FlagPath } from './features/flags.ts';
export { defaultConsoleFlags } from './features/flags.ts';
export type { FeatureAccessQuery, PlanFeatureGroup, PlanSubFeature } from './features/plan-access.ts';
export { canUseFeature, subFeatureLimit, withinLimit } from './features/plan-access.ts';
export type { ConsoleProfile, ProfileDefinition } from './features/profiles.ts';
export { consoleProfiles, profileDefinitions } from './features/profiles.ts';
export type { RangeOption, RangeRules } from './features/ranges.ts';
export { defaultRangeRules, isCustomRangeAllowed, restrictedRangeRules } from './features/ranges.ts';
export type * from './routes/route-table.ts';
export type * from './routes/route-types.ts';
export * from './rules/index.ts';
export type * from './schemas.ts';
