/**
 * Code-based errors the console APIs (`/v1`, `/app`) return in the spec's error shape (§3, §8):
 * `{ code, message, payload: { field, value, cause, feature, subfeature }, error }`.
 * Successful console responses are `{ data: ... }`.
 * The server throws only these codes; the client maps them through the §8 catalogue.
 */
export const errorCodes = [
  // session: all of these log the user out (§8 code-based)
  'tokenException',
  'authenticationFailed',
  'loggedOut',
  'sessionExpired',
  // multiple login (§4): set the multiple-login flags
  'signInConfirm',
  'signInConfirmMode1',
  'forceOut',
  // input and permission
  'validation',
  'notAllowed',
  'quotaExceeded',
  'entityNotFound',
  'duplicate',
  'state',
  'forcedMessage',
  // team and roles (§6, §8: not authorized, invalid role (33), modification not allowed (51))
  'notAuthorized',
  'invalidRole',
  'modificationNotAllowed',
  // accounts
  'wrongCredentials',
  'tooManyAttempts',
  'emailRegistered',
  'emailNotValidated',
  'userSuspended',
  'captchaRequired',
  'captchaInvalid',
  'invalidResetToken',
  'linkUsed',
  'secondFactorRequired',
  'secondFactorInvalid',
  'featureDisabled',
  // files and senders (§8: 122 file exists, 43 domain unsupported, 44 domain misconfigured)
  'fileExists',
  'senderDomainUnsupported',
  'senderDomainMisconfigured',
  // contacts (§8: 127 contact tag used on another field)
  'contactTagUsed',
  // forms (§8: 47 form published, 50 email field missing)
  'formPublished',
  'emailFieldMissing',
  // pages and their domains (§8: 48 unpublished forms, "URL exists", "slug taken")
  'unpublishedForms',
  'urlExists',
  'slugTaken',
  // imports and SPF
  'importHeader',
  'importFormat',
  'importSize',
  'importData',
  'importUpdate',
  'spfSingle',
  'spfDouble',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorPayload {
  field?: string;
  value?: unknown;
  cause?: string;
  feature?: string;
  subfeature?: string;
}

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  payload?: ErrorPayload;
  error?: string;
}

export interface ApiSuccess<T> {
  data: T;
}

/** The message of `quotaExceeded` (§8): 'Quota of {subfeature} on {feature} is exceeded'. */
export function quotaExceededMessage(subfeature: string, feature: string): string {
  return `Quota of ${subfeature} on ${feature} is exceeded`;
}
