// The SparkPost-compatible engine API (`/api/v1`): request and response schemas shared by the server
// routes and the console's forms. Success is `{results}`, failure `{errors: [{message, description, code}]}`.
export * from './account.ts';
export * from './analytic-presets.ts';
export * from './api-keys.ts';
export * from './common.ts';
export * from './email-address.ts';
export * from './events.ts';
export * from './ip-pools.ts';
export * from './metrics.ts';
export * from './query.ts';
export * from './recipient-lists.ts';
export * from './recipient-validation.ts';
export * from './recipients.ts';
export * from './sending-domains.ts';
export * from './snippets.ts';
export * from './storable.ts';
export * from './subaccounts.ts';
export * from './suppression.ts';
export * from './templates.ts';
export * from './tracking.ts';
export * from './tracking-domains.ts';
export * from './transmissions.ts';
export * from './webhooks.ts';
