import { catalogueMessages, userMessages } from './messages.ts';
import { warning } from './outcomes.ts';
import type { ErrorOutcome } from './types.ts';

export interface LegacyStatusRow {
  status: number;
  outcome: ErrorOutcome;
}

/**
 * §8 legacy mapping by status. 401 ("login exception") logs out to /login, except on the login screen
 * itself where it means the credentials were refused (handled in mapApiError).
 */
export const legacyStatusRows: readonly LegacyStatusRow[] = [
  {
    status: 202,
    outcome: { kind: 'toast', level: 'info', title: 'Export', message: catalogueMessages.exportProcessing },
  },
  { status: 401, outcome: { kind: 'logout', message: userMessages.sessionExpired, redirect: '/login' } },
  { status: 400, outcome: warning(userMessages.badRequest) },
  { status: 502, outcome: warning(userMessages.serverProblem) },
  { status: 404, outcome: warning(userMessages.dataNotFound) },
  { status: 405, outcome: warning(userMessages.emailRegistered) },
];

/** Statuses whose message text is looked up in legacyValidationRows. */
export const messageTextStatuses: readonly number[] = [412, 422];

export interface LegacyTextRow {
  /** Normalised words the server message must contain. */
  match: string;
  message: string;
}

/** §8 412 and 422 mapped by message text; first row whose words appear in the message wins. */
export const legacyValidationRows: readonly LegacyTextRow[] = [
  { match: 'password invalid', message: catalogueMessages.passwordInvalid },
  { match: 'billing paid', message: userMessages.billingAlreadyPaid },
  { match: 'url exists', message: catalogueMessages.urlExists },
  { match: 'spf invalid', message: userMessages.spfInvalid },
  { match: 'user not validated', message: catalogueMessages.userNotValidated },
  { match: 'payment method empty', message: catalogueMessages.paymentMethodEmpty },
  { match: 'domain not validated', message: catalogueMessages.domainNotValidated },
  { match: 'token expired', message: catalogueMessages.tokenExpired },
  { match: 'promo used', message: catalogueMessages.promoUsed },
  { match: 'promo expired', message: catalogueMessages.promoExpired },
  { match: 'promo not found', message: catalogueMessages.promoNotFound },
  { match: 'sender free domain', message: catalogueMessages.senderFreeDomain },
  { match: 'sender other domain', message: catalogueMessages.senderOtherDomain },
  { match: 'import format', message: catalogueMessages.importFormatInvalid },
  { match: 'import header', message: userMessages.importNoHeader },
  { match: 'import data', message: catalogueMessages.importDataInvalid },
  { match: 'import delimiter', message: userMessages.importDelimiterUnsupported },
  { match: 'import size', message: userMessages.importTooBig },
  { match: 'import encoding', message: userMessages.importUnknownEncoding },
  { match: 'import unfinished', message: userMessages.importUnfinished },
  { match: 'contact limit exceeded', message: userMessages.contactLimitExceeded },
  { match: 'team member exists', message: catalogueMessages.teamMemberExists },
  { match: 'team member limit', message: userMessages.teamMemberLimit },
  { match: 'slug taken', message: catalogueMessages.slugTaken },
  { match: 'form still published', message: userMessages.formStillPublished },
  { match: 'form used', message: catalogueMessages.formUsed },
  { match: 'winner cannot be 0%', message: catalogueMessages.abWinnerZero },
  { match: 'less than 10 contacts', message: catalogueMessages.labelTooFewContacts },
  { match: 'invalid tag', message: catalogueMessages.invalidTag },
  { match: 'transactional domain not verified', message: catalogueMessages.transactionalDomainNotVerified },
];
