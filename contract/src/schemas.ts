export * from './accounts/auth.ts';
export * from './accounts/company.ts';
export * from './accounts/contact-us.ts';
export * from './accounts/onboarding.ts';
export * from './accounts/team.ts';
export * from './accounts/users.ts';
export * from './common.ts';
export * from './engine/activity.ts';
// The analytics page's filter set and saved presets (console API /v1/analytic-presets).
export * from './engine/analytic-presets.ts';
// The engine's API keys and subaccounts, for the console's forms (the rest of the engine contract is server-side).
export * from './engine/api-keys.ts';
export * from './engine/captured-mail.ts';
// The engine's templates and its address check, for the console's template editor.
export { isEmailAddress } from './engine/email-address.ts';
export * from './engine/event-retention.ts';
export * from './engine/grants.ts';
// The engine schemas and answers the console's domain pages use (the rest stay behind /api/v1).
export {
  type AnalyticData,
  type AnalyticStatus,
  analyticStatuses,
  type DkimKeyView,
  domainName,
  messageEventTypes,
  type SendingDomainDns,
  type SendingDomainSummary,
  type SendingDomainVerifyResult,
  type SendingDomainView,
  sendingDomainCreateBody,
  type TrackingDomainVerifyResult,
  type TrackingDomainView,
  trackingDomainCreateBody,
  type UnverifiedSpfDomain,
} from './engine/index.ts';
export * from './engine/netmask.ts';
export * from './engine/sandbox.ts';
export * from './engine/subaccounts.ts';
export * from './engine/templates.ts';
export * from './engine/usage.ts';
export * from './engine/webhooks.ts';
export * from './health.ts';
