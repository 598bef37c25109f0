import type { ApiErrorBody, ErrorCode, ErrorPayload } from '@app/contract/codes';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../domain-error.ts';

const appErrorMark = Symbol('appError');

export interface AppError extends Error {
  statusCode: number;
  code: ErrorCode;
  payload?: ErrorPayload;
  [appErrorMark]: true;
}

/** An error that reaches the client as the console envelope `{code, message, payload}`. */
export function appError(
  statusCode: number,
  code: ErrorCode,
  message: string,
  payload?: ErrorPayload,
): AppError {
  return Object.assign(new Error(message), { statusCode, code, payload, [appErrorMark]: true as const });
}

export function isAppError(error: unknown): error is AppError {
  return typeof error === 'object' && error !== null && appErrorMark in error;
}

/** The HTTP status each domain error code answers with. */
const statusOfCode: Record<ErrorCode, number> = {
  tokenException: 401,
  authenticationFailed: 401,
  loggedOut: 401,
  sessionExpired: 401,
  signInConfirm: 409,
  signInConfirmMode1: 409,
  forceOut: 401,
  validation: 400,
  notAllowed: 403,
  quotaExceeded: 409,
  entityNotFound: 404,
  duplicate: 409,
  state: 409,
  forcedMessage: 400,
  notAuthorized: 403,
  invalidRole: 400,
  modificationNotAllowed: 409,
  wrongCredentials: 400,
  tooManyAttempts: 429,
  emailRegistered: 409,
  emailNotValidated: 403,
  userSuspended: 403,
  captchaRequired: 400,
  captchaInvalid: 400,
  invalidResetToken: 400,
  linkUsed: 410,
  secondFactorRequired: 403,
  secondFactorInvalid: 400,
  featureDisabled: 404,
  fileExists: 409,
  senderDomainUnsupported: 422,
  senderDomainMisconfigured: 422,
  contactTagUsed: 409,
  formPublished: 409,
  emailFieldMissing: 400,
  unpublishedForms: 409,
  urlExists: 409,
  slugTaken: 409,
  importHeader: 400,
  importFormat: 400,
  importSize: 400,
  importData: 400,
  importUpdate: 400,
  spfSingle: 400,
  spfDouble: 400,
  internal: 500,
};

/**
 * The console envelope and status of a domain error (or of an error already shaped for the console);
 * undefined for anything else. The one place where domain errors meet HTTP.
 */
export function consoleErrorOf(error: unknown): { status: number; body: ApiErrorBody } | undefined {
  if (error instanceof DomainError) return envelopeOf(statusOfCode[error.code], error.code, error);
  if (isAppError(error)) return envelopeOf(error.statusCode, error.code, error);
  return undefined;
}

function envelopeOf(status: number, code: ErrorCode, error: { message: string; payload?: ErrorPayload }) {
  const body: ApiErrorBody = { code, message: error.message };
  if (error.payload) body.payload = error.payload;
  return { status, body };
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toBody(error, request);
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.status(body.status).send(body.body);
}

const clientErrorCodes: Partial<Record<number, ErrorCode>> = {
  403: 'notAllowed',
  404: 'entityNotFound',
  429: 'tooManyAttempts',
};

function toBody(error: FastifyError, request: FastifyRequest): { status: number; body: ApiErrorBody } {
  const known = consoleErrorOf(error);
  if (known) return known;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const part = error.validationContext ?? 'body';
    const path = issue?.instancePath.split('/').filter(Boolean) ?? [];
    const field = path.length > 0 ? path.join('.') : part;
    const value = path.reduce<unknown>(
      (current, key) =>
        typeof current === 'object' && current !== null ? Reflect.get(current, key) : undefined,
      Reflect.get(request, part === 'querystring' ? 'query' : part),
    );
    return {
      status: 400,
      body: {
        code: 'validation',
        message: `The ${field} is Invalid`,
        payload: { field, value, cause: issue?.message ?? 'Invalid' },
      },
    };
  }
  if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
    // Fastify's and its plugins' client errors: malformed JSON, body too large, a directory...
    return {
      status: error.statusCode,
      body: { code: clientErrorCodes[error.statusCode] ?? 'validation', message: error.message },
    };
  }
  return { status: 500, body: { code: 'internal', message: 'Internal server error' } };
}
