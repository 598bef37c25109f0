import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode, ErrorPayload } from '../../../shared/src/api/codes.ts';

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

/** 400 validation error for one field, in the shape zod failures get. */
export function invalidField(field: string, cause: string, value?: unknown): AppError {
  return appError(400, 'validation', `The ${field} is Invalid`, { field, value, cause });
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
  if (isAppError(error)) {
    const body: ApiErrorBody = { code: error.code, message: error.message };
    if (error.payload) body.payload = error.payload;
    return { status: error.statusCode, body };
  }
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
