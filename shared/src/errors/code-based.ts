import type { ErrorCode } from '@app/contract';
import { catalogueMessages, userMessages } from './messages.ts';
import type { MultipleLoginFlag } from './types.ts';

/** How one server error code is handled (§8 code-based). */
export type CodeRule =
  /** Log out; `redirect` sends the user to /login. */
  | { action: 'logout'; message: string; redirect?: '/login' }
  /** Set a multiple-login flag (§4); the server message is shown, else `fallback`. */
  | { action: 'multipleLogin'; flag: MultipleLoginFlag; fallback: string }
  /** Show the server message as it is; `fallback` when it sent none. */
  | { action: 'serverMessage'; fallback: string }
  /** Show a fixed catalogue sentence. */
  | { action: 'message'; message: string }
  /** Built from the payload: 'The {field} is Invalid', 'The value {value} is Invalid for {field}' or cause. */
  | { action: 'validation' }
  /** cause, else 'Not Allowed'. */
  | { action: 'notAllowed' }
  /** 'Quota of {subfeature} on {feature} is exceeded'. */
  | { action: 'quota' }
  /** Invalid reset token on reset-password, else '{Entity} not found' / 'Data not found'. */
  | { action: 'entityNotFound' };

/** Every code the server throws (@app/contract's codes.ts) has exactly one rule. */
export const codeRules: Readonly<Record<ErrorCode, CodeRule>> = {
  tokenException: { action: 'logout', message: userMessages.invalidToken },
  authenticationFailed: { action: 'logout', message: userMessages.authenticationFailed },
  loggedOut: { action: 'logout', message: userMessages.sessionExpired },
  sessionExpired: { action: 'logout', message: userMessages.sessionExpired, redirect: '/login' },
  signInConfirm: {
    action: 'multipleLogin',
    flag: 'multipleLogin',
    fallback: catalogueMessages.multipleLogin,
  },
  signInConfirmMode1: {
    action: 'multipleLogin',
    flag: 'denied',
    fallback: catalogueMessages.multipleLoginDenied,
  },
  forceOut: { action: 'multipleLogin', flag: 'ended', fallback: catalogueMessages.multipleLoginEnded },
  validation: { action: 'validation' },
  notAllowed: { action: 'notAllowed' },
  quotaExceeded: { action: 'quota' },
  entityNotFound: { action: 'entityNotFound' },
  duplicate: { action: 'serverMessage', fallback: catalogueMessages.requestFailed },
  state: { action: 'serverMessage', fallback: catalogueMessages.requestFailed },
  forcedMessage: { action: 'serverMessage', fallback: catalogueMessages.requestFailed },
  notAuthorized: { action: 'serverMessage', fallback: userMessages.notAuthorized },
  invalidRole: { action: 'serverMessage', fallback: userMessages.invalidRole },
  modificationNotAllowed: { action: 'serverMessage', fallback: catalogueMessages.modificationNotAllowed },
  wrongCredentials: { action: 'message', message: userMessages.wrongCredentials },
  tooManyAttempts: { action: 'message', message: catalogueMessages.tooManyAttempts },
  emailRegistered: { action: 'message', message: userMessages.emailRegistered },
  emailNotValidated: { action: 'message', message: userMessages.emailNeedsValidation },
  userSuspended: { action: 'message', message: userMessages.accountSuspended },
  captchaRequired: { action: 'message', message: userMessages.captchaRequired },
  captchaInvalid: { action: 'message', message: userMessages.captchaInvalid },
  invalidResetToken: { action: 'message', message: userMessages.resetLinkInvalid },
  linkUsed: { action: 'message', message: userMessages.linkUsed },
  secondFactorRequired: { action: 'message', message: catalogueMessages.secondFactorRequired },
  secondFactorInvalid: { action: 'message', message: catalogueMessages.secondFactorInvalid },
  featureDisabled: { action: 'message', message: catalogueMessages.featureDisabled },
  fileExists: { action: 'message', message: userMessages.fileNameExists },
  senderDomainUnsupported: { action: 'serverMessage', fallback: userMessages.senderDomainUnsupported },
  senderDomainMisconfigured: { action: 'serverMessage', fallback: userMessages.senderDomainMisconfigured },
  contactTagUsed: { action: 'message', message: catalogueMessages.contactTagUsed },
  formPublished: { action: 'serverMessage', fallback: userMessages.formStillPublished },
  emailFieldMissing: { action: 'message', message: catalogueMessages.emailFieldMissing },
  unpublishedForms: { action: 'message', message: catalogueMessages.unpublishedForms },
  urlExists: { action: 'message', message: catalogueMessages.urlExists },
  slugTaken: { action: 'message', message: catalogueMessages.slugTaken },
  importHeader: { action: 'message', message: userMessages.importNoHeader },
  importFormat: { action: 'message', message: catalogueMessages.importFormatInvalid },
  importSize: { action: 'message', message: userMessages.importTooBig },
  importData: { action: 'message', message: catalogueMessages.importDataInvalid },
  importUpdate: { action: 'serverMessage', fallback: catalogueMessages.requestFailed },
  spfSingle: { action: 'serverMessage', fallback: userMessages.spfInvalid },
  spfDouble: { action: 'serverMessage', fallback: userMessages.spfInvalid },
  internal: { action: 'message', message: userMessages.serverProblem },
};

/** Messages that act as a code whatever code (if any) came with them: compared case-insensitively. */
export const messageCodeOverrides: readonly { message: string; code: ErrorCode }[] = [
  { message: 'Error parsing jwt token', code: 'tokenException' },
  { message: 'expired token', code: 'sessionExpired' },
];
