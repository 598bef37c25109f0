import { catalogueMessages, userMessages } from './messages.ts';
import { warning } from './outcomes.ts';
import type { ErrorOutcome } from './types.ts';

export interface LegacyCodeRow {
  code: number;
  outcome: ErrorOutcome;
}

const sessionExpiredLogout: ErrorOutcome = {
  kind: 'logout',
  message: userMessages.sessionExpired,
  redirect: '/login',
};

/**
 * §8 legacy mapping by numeric body code. The spec names only the topic of 131–135 (social account),
 * 138/139 (image ratio) and 501–503 (import); the exact sentence per number is our choice.
 */
export const legacyCodeRows: readonly LegacyCodeRow[] = [
  { code: 31, outcome: warning(userMessages.wrongCredentials) },
  { code: 32, outcome: sessionExpiredLogout },
  { code: 34, outcome: warning(userMessages.sessionExpired) },
  { code: 33, outcome: warning(userMessages.invalidRole) },
  { code: 42, outcome: warning(userMessages.ticketClosed) },
  { code: 43, outcome: warning(userMessages.senderDomainUnsupported) },
  { code: 44, outcome: warning(userMessages.senderDomainMisconfigured) },
  { code: 45, outcome: warning(userMessages.formUsedInAutomation) },
  { code: 47, outcome: warning(userMessages.formAlreadyPublished) },
  { code: 48, outcome: warning(catalogueMessages.unpublishedForms) },
  { code: 50, outcome: warning(catalogueMessages.emailFieldMissing) },
  { code: 51, outcome: warning(catalogueMessages.modificationNotAllowed) },
  { code: 52, outcome: warning(userMessages.quotaExceeded) },
  { code: 53, outcome: warning(userMessages.emailNeedsValidation) },
  { code: 121, outcome: warning(userMessages.emailRegistered) },
  { code: 126, outcome: warning(userMessages.emailRegistered) },
  { code: 122, outcome: warning(userMessages.fileNameExists) },
  { code: 123, outcome: warning(userMessages.invalidDataFormat) },
  { code: 124, outcome: warning(userMessages.requiredFieldsNotSet) },
  { code: 125, outcome: warning(catalogueMessages.passwordRules) },
  { code: 127, outcome: warning(catalogueMessages.contactTagUsed) },
  { code: 129, outcome: warning(catalogueMessages.importEmpty) },
  { code: 130, outcome: warning(catalogueMessages.accountInUse) },
  { code: 131, outcome: warning(catalogueMessages.socialNotConnected) },
  { code: 132, outcome: warning(catalogueMessages.socialTokenExpired) },
  { code: 133, outcome: warning(catalogueMessages.socialConnectedElsewhere) },
  { code: 134, outcome: warning(catalogueMessages.socialPermissionDenied) },
  { code: 135, outcome: warning(catalogueMessages.socialPostFailed) },
  { code: 138, outcome: warning(catalogueMessages.imageRatioInvalid) },
  { code: 139, outcome: warning(catalogueMessages.imagesRatioInvalid) },
  { code: 414, outcome: warning(userMessages.captchaInvalid) },
  { code: 501, outcome: warning(userMessages.importNoHeader) },
  { code: 502, outcome: warning(userMessages.importDelimiterUnsupported) },
  { code: 503, outcome: warning(userMessages.importUnknownEncoding) },
  { code: 550, outcome: warning(userMessages.passwordIncorrect) },
];
