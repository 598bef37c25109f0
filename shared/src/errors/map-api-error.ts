/**
 * mapApiError: the one place a failed call becomes what the user sees (§8 error catalogue).
 *
 * Order of decisions (first match wins):
 *  1. Transport: offline → offline notice ('Could not connect to server…'); timeout → silent
 *     (only stats, count and fetch calls set a timeout); no stored token → logout without a notice.
 *  2. SparkPost's `/api/v1` shape `{errors: [...]}`, except a 401: its descriptions, as the server
 *     wrote them (they name the field and the rule).
 *  3. Code-based (new shape `{code, message, payload}`): the messages 'Error parsing jwt token' and
 *     'expired token' act as tokenException / sessionExpired whatever else the body says; then a known
 *     string `code` uses its rule in codeRules. An unknown string code falls through.
 *  4. Legacy numeric `code` (legacyCodeRows).
 *  5. A 5xx without any code on a POST shows nothing.
 *  6. Legacy message (legacyMessageRows, the per-feature quota rows, then a message that names a
 *     key of the user-facing table, e.g. 'dataNotFound').
 *  7. Legacy status (legacyStatusRows; 412/422 by message text via legacyValidationRows). A 401 on the
 *     login screen means the credentials were refused rather than a lost session.
 *  8. Fallback: the server message if any; else server problem (5xx), could not connect (no status)
 *     or bad request.
 * Every error is a warning notice; only 202 (export accepted) is an info notice.
 */

import type { ErrorCode } from '@app/contract';
import { errorCodes, quotaExceededMessage } from '@app/contract';
import { entityNotFoundMessage, notAllowedMessage, validationMessage } from './builders.ts';
import { codeRules, messageCodeOverrides } from './code-based.ts';
import { legacyCodeRows } from './legacy-code.ts';
import { legacyMessageRows, legacyQuotaMatch, legacyQuotaRows } from './legacy-message.ts';
import { legacyStatusRows, legacyValidationRows, messageTextStatuses } from './legacy-status.ts';
import { userMessages } from './messages.ts';
import { normalizeErrorText, parseErrorBody } from './normalize.ts';
import { warning } from './outcomes.ts';
import type { ApiErrorInput, ErrorOutcome, ParsedErrorBody } from './types.ts';

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

const userMessageByKey: ReadonlyMap<string, string> = new Map(
  Object.entries(userMessages).map(([key, sentence]) => [normalizeErrorText(key), sentence]),
);

function isResetPassword(input: ApiErrorInput): boolean {
  return Boolean(input.url?.includes('reset-password') || input.context?.route?.includes('reset-password'));
}

function fromCode(code: ErrorCode, body: ParsedErrorBody, input: ApiErrorInput): ErrorOutcome {
  const rule = codeRules[code];
  switch (rule.action) {
    case 'logout':
      return rule.redirect
        ? { kind: 'logout', message: rule.message, redirect: rule.redirect }
        : { kind: 'logout', message: rule.message };
    case 'multipleLogin':
      return { kind: 'multipleLogin', flag: rule.flag, message: body.message ?? rule.fallback };
    case 'serverMessage':
      return warning(body.message ?? rule.fallback);
    case 'message':
      return warning(rule.message);
    case 'validation':
      return warning(validationMessage(body, userMessages.badRequest));
    case 'notAllowed':
      return warning(notAllowedMessage(body));
    case 'quota': {
      const { feature, subfeature } = body.payload ?? {};
      return warning(
        feature && subfeature ? quotaExceededMessage(subfeature, feature) : userMessages.quotaExceeded,
      );
    }
    case 'entityNotFound': {
      if (isResetPassword(input)) return warning(userMessages.resetLinkInvalid);
      const entity = body.payload?.field;
      return warning(entity ? entityNotFoundMessage(entity) : userMessages.dataNotFound);
    }
  }
}

function codeFor(body: ParsedErrorBody): ErrorCode | undefined {
  if (body.message) {
    const lower = body.message.toLowerCase();
    const override = messageCodeOverrides.find((row) => lower.includes(row.message.toLowerCase()));
    if (override) return override.code;
  }
  return body.code && knownCodes.has(body.code) ? (body.code as ErrorCode) : undefined;
}

function fromMessage(body: ParsedErrorBody): ErrorOutcome | undefined {
  if (!body.message) return undefined;
  const text = normalizeErrorText(body.message);
  const row = legacyMessageRows.find((candidate) => text.includes(candidate.match));
  if (row) return row.outcome;
  if (text.includes(legacyQuotaMatch)) {
    const word = body.feature ? normalizeErrorText(body.feature).split(' ')[0] : 'quota';
    const quota = legacyQuotaRows.find((candidate) => candidate.feature === word);
    return warning(quota?.message ?? userMessages.quotaExceeded);
  }
  const sentence = userMessageByKey.get(text);
  return sentence ? warning(sentence) : undefined;
}

function fromStatus(status: number, body: ParsedErrorBody, input: ApiErrorInput): ErrorOutcome | undefined {
  if (status === 401 && input.context?.route === '/login') return warning(userMessages.wrongCredentials);
  const row = legacyStatusRows.find((candidate) => candidate.status === status);
  if (row) return row.outcome;
  if (messageTextStatuses.includes(status) && body.message) {
    const text = normalizeErrorText(body.message);
    const match = legacyValidationRows.find((candidate) => text.includes(candidate.match));
    if (match) return warning(match.message);
  }
  return undefined;
}

/** Decides what the user sees for one failed call (see the order above). */
export function mapApiError(input: ApiErrorInput): ErrorOutcome {
  if (input.offline) return { kind: 'offline', message: userMessages.cannotConnect };
  if (input.timeout) return { kind: 'silent', reason: 'timeout' };
  if (input.noToken) return { kind: 'logout' };

  const body = parseErrorBody(input.body);
  const status = input.status ?? body.status;

  if (body.sparkPostErrors && status !== 401) return warning(body.sparkPostErrors.join(' '));

  const code = codeFor(body);
  if (code) return fromCode(code, body, input);

  if (body.numericCode !== undefined) {
    const row = legacyCodeRows.find((candidate) => candidate.code === body.numericCode);
    if (row) return row.outcome;
  }

  const hasCode = body.code !== undefined || body.numericCode !== undefined;
  if (!hasCode && status !== undefined && status >= 500 && input.method?.toUpperCase() === 'POST') {
    return { kind: 'silent', reason: 'serverErrorOnPost' };
  }

  const byMessage = fromMessage(body);
  if (byMessage) return byMessage;

  if (status !== undefined) {
    const byStatus = fromStatus(status, body, input);
    if (byStatus) return byStatus;
  }

  if (body.message) return warning(body.message);
  if (status !== undefined && status >= 500) return warning(userMessages.serverProblem);
  if (status === undefined) return warning(userMessages.cannotConnect);
  return warning(userMessages.badRequest);
}
