// @app/shared: the one utility module every micro-app imports (one instance through the import map).
export * from './api/client.ts';
export * from './api/codes.ts';
// The embed tokens the console lists and revokes on a template's Embed panel.
export type { EmbedTokenInfo } from './api/contract/editor/embed-api.ts';
// The engine's suppression list and recipient validation, for the console's suppression and validation pages.
export {
  maxValidationListAddresses,
  maxValidationListBytes,
  type RecipientValidationJob,
  type RecipientValidationResult,
  type SuppressionSource,
  type SuppressionSummary,
  type SuppressionType,
  type SuppressionView,
  suppressionBulkEntry,
  suppressionBulkMax,
  suppressionSources,
  suppressionTypes,
  type ValidationBatchStatus,
} from './api/contract/engine/index.ts';
export * from './api/contract/index.ts';
export * from './api/outcome.ts';
export * from './config/runtime.ts';
export * from './errors/index.ts';
export * from './features/index.ts';
export * from './forms/ip-pool-form.ts';
export * from './forms/template-form.ts';
export * from './rules/index.ts';
export * from './services/display-time.ts';
export * from './services/session.ts';
export * from './services/session-cookies.ts';
export * from './services/tour.ts';
export * from './services/user-notifications.ts';
export * from './spa/navigation.ts';
export * from './spa/react-app.tsx';
export * from './spa/route-lookup.ts';
export * from './spa/safe-path.ts';
export * from './storage.ts';
export * from './stores/account.ts';
export * from './stores/connection.ts';
export * from './stores/multiple-login.ts';
export * from './stores/notifications.ts';
export * from './stores/session.ts';
export * from './stores/toasts.ts';
export * from './ui/components.tsx';
export * from './ui/copy.tsx';
export * from './ui/data-table.tsx';
export * from './ui/dialogs.tsx';
export * from './ui/EmbeddedEmailEditor.tsx';
export * from './ui/element-modules.ts';
export * from './ui/fields.tsx';
export * from './ui/install.ts';
export * from './ui/layout.tsx';
export type { TourStep } from './ui/product-tour/GuidedTour.tsx';
export * from './ui/product-tour/product-tour-element.ts';
export * from './ui/sanitize.ts';
export * from './ui/save-file.ts';
export * from './ui/use-load.ts';
export * from './ui/use-zod-form.ts';
export * from './vendors/index.ts';
