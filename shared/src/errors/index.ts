export {
  entityNotFoundMessage,
  formatErrorValue,
  invalidFieldMessage,
  invalidValueMessage,
  notAllowedMessage,
  validationMessage,
} from './builders.ts';
export type { CodeRule } from './code-based.ts';
export { codeRules, messageCodeOverrides } from './code-based.ts';
export { fieldLabel } from './field-labels.ts';
export { humanIssueMessage } from './issue-messages.ts';
export type { LegacyCodeRow } from './legacy-code.ts';
export { legacyCodeRows } from './legacy-code.ts';
export type { LegacyMessageRow, LegacyQuotaRow } from './legacy-message.ts';
export { legacyMessageRows, legacyQuotaMatch, legacyQuotaRows } from './legacy-message.ts';
export type { LegacyStatusRow, LegacyTextRow } from './legacy-status.ts';
export { legacyStatusRows, legacyValidationRows, messageTextStatuses } from './legacy-status.ts';
export { mapApiError } from './map-api-error.ts';
export type { UserMessageKey } from './messages.ts';
export { catalogueMessages, entityNotFoundMessages, userMessages } from './messages.ts';
export { normalizeErrorText, parseErrorBody } from './normalize.ts';
export type {
  ApiErrorInput,
  ErrorOutcome,
  MultipleLoginFlag,
  ParsedErrorBody,
  SilentReason,
} from './types.ts';
