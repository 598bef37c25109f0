import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { EngineError, type EngineErrorKind, OverQuotaError } from '../engine-error.ts';
import { consoleErrorOf } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The status of every answer refusing a request's input: SparkPost answers 422 in most
     * families, 400 where its reference says so (subaccounts, suppression entries).
     */
    invalidRequestStatus?: 400 | 422;
    /** Each refused input's entry names it, `param` and `value`, as SparkPost's subaccounts family does. */
    errorsNameParam?: boolean;
  }
}

/** Route config of the families whose reference answers a malformed request with 400. */
export const badRequestOnInvalid = { invalidRequestStatus: 400 } as const;

/** Route config of the subaccounts family: 400, and each error names the field at fault and its value. */
export const badRequestNamingParam = { invalidRequestStatus: 400, errorsNameParam: true } as const;

/** One entry of SparkPost's error list: `{errors: [{message, description, code}]}` (and `param`, `value` in some families). */
export interface SparkpostErrorItem {
  message: string;
  description?: string;
  code?: string;
  param?: string;
  value?: unknown;
}

const sparkpostMark = Symbol('sparkpostError');

export interface SparkpostError extends Error {
  statusCode: number;
  errors: SparkpostErrorItem[];
  [sparkpostMark]: true;
}

/** An error that reaches an `/api/v1` client in SparkPost's shape. */
export function sparkpostError(
  statusCode: number,
  message: string,
  code: string,
  description?: string,
): SparkpostError {
  const item: SparkpostErrorItem = { message, code };
  if (description !== undefined) item.description = description;
  return Object.assign(new Error(description ?? message), {
    statusCode,
    errors: [item],
    [sparkpostMark]: true as const,
  });
}

/** `error` with each entry naming the input at fault (`param`) and the value it had (null when absent). */
export function namingParam(error: SparkpostError, param: string, value: unknown): SparkpostError {
  error.errors = error.errors.map((item) => ({ ...item, param, value: value ?? null }));
  return error;
}

/** A request lacking `fields` (required `when`): one entry per field, each naming it. */
export function missingFields(fields: readonly string[], when = ''): SparkpostError {
  const error = missingField(`${fields.join(', ')} required${when}`);
  error.errors = fields.map((field) => ({
    message: 'required field is missing',
    description: `${field} is required${when}`,
    code: '1400',
    param: field,
    value: null,
  }));
  return error;
}

/** The codes SparkPost uses for the same situations. */
export const notFound = (description: string) =>
  sparkpostError(404, 'resource not found', '1600', description);
/** Something a request refers to (a transmission's template) does not exist: 422, not 404. */
export const subresourceNotFound = (description: string) =>
  sparkpostError(422, 'Subresource not found', '1603', description);
export const conflict = (description: string) =>
  sparkpostError(409, 'resource conflict', '1602', description);
export const invalidParameter = (description: string) =>
  sparkpostError(422, 'invalid data format/type', '1300', description);
export const missingField = (description: string) =>
  sparkpostError(422, 'required field is missing', '1400', description);
export const methodNotAllowed = (description: string) =>
  sparkpostError(405, 'method not allowed', '1300', description);
export const forbidden = (description: string) => sparkpostError(403, 'Forbidden.', '1100', description);
export const unauthorized = (description: string) =>
  sparkpostError(401, 'Unauthorized.', '1000', description);

export function isSparkpostError(error: unknown): error is SparkpostError {
  return typeof error === 'object' && error !== null && sparkpostMark in error;
}

const statusMessages: Partial<Record<number, SparkpostErrorItem>> = {
  400: { message: 'invalid data format/type', code: '1300' },
  401: { message: 'Unauthorized.', code: '1000' },
  403: { message: 'Forbidden.', code: '1100' },
  404: { message: 'resource not found', code: '1600' },
  405: { message: 'method not allowed', code: '1300' },
  409: { message: 'resource conflict', code: '1602' },
  413: { message: 'request too large', code: '1300' },
  415: { message: 'unsupported media type', code: '1300' },
  429: { message: 'too many requests', code: '1003' },
};

/** How `/api/v1` answers each kind of engine error, in SparkPost's words. */
const kindAnswers: Record<EngineErrorKind, { status: number } & SparkpostErrorItem> = {
  invalid: { status: 422, message: 'invalid data format/type', code: '1300' },
  missing: { status: 422, message: 'required field is missing', code: '1400' },
  notFound: { status: 404, message: 'resource not found', code: '1600' },
  // Something a request refers to (a transmission's template) is missing: 422, not 404.
  subresourceNotFound: { status: 422, message: 'Subresource not found', code: '1603' },
  syntax: { status: 422, message: 'substitution language syntax error in template content', code: '3000' },
  // A plan's monthly quota; the daily and sandbox limits have codes of their own (limitAnswers).
  overQuota: { status: 420, message: 'Exceed Sending Limit (monthly)', code: '2104' },
  unverifiedDomain: { status: 400, message: 'Invalid domain', code: '7001' },
  dkimKey: { status: 400, message: 'Invalid DKIM key', code: '1100' },
  invalidParams: { status: 400, message: 'invalid params', code: '1300' },
  unknownReference: { status: 400, message: 'invalid params', code: '1200' },
  unreadableFile: { status: 400, message: 'invalid data format/type', code: '1300' },
  exists: { status: 409, message: 'resource conflict', code: '1602' },
  inUse: { status: 400, message: 'Domain in use by another account', code: '7004' },
  forbidden: { status: 403, message: 'Forbidden.', code: '1100' },
  remoteFailed: { status: 400, message: 'request to remote endpoint failed', code: '1404' },
  remoteTimeout: { status: 503, message: 'remote endpoint timed out', code: '1404' },
};

/** SparkPost's 420 for a send over the daily or sandbox limit. */
const limitAnswers: Record<string, SparkpostErrorItem> = {
  daily: { message: 'Exceed Sending Limit (daily)', code: '2102' },
  sandbox: { message: 'Exceed Sending Limit (sandbox)', code: '2103' },
};

function engineErrorAnswer(error: EngineError): { status: number; errors: SparkpostErrorItem[] } {
  const { status, message, code } = {
    ...kindAnswers[error.kind],
    ...(error instanceof OverQuotaError ? limitAnswers[error.feature] : undefined),
  };
  const item = {
    message: error.summary ?? message,
    code,
    ...(error.headlineOnly ? {} : { description: error.description }),
    ...error.details,
  };
  return { status, errors: [item] };
}

/** Error handler of the `/api/v1` scope: every failure in SparkPost's `{errors: [...]}` shape. */
export function sparkpostErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = toSparkpost(error, request);
  const { errors } = answer;
  const status =
    answer.status === 422 ? (request.routeOptions.config?.invalidRequestStatus ?? 422) : answer.status;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  return reply.status(status).send({ errors });
}

/** The value at `path` in `input` (a request's body, query or params), undefined where there is none. */
function valueAt(input: unknown, path: readonly string[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const validatedInput = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/** A field at `path` of a request's input and what is wrong with it. */
export interface FieldIssue {
  path: readonly (string | number)[];
  message: string;
}

/**
 * Body fields a route found invalid after fastify's validation ran (a large array checked in
 * slices): answered exactly as the schema's own refusals.
 */
export class InvalidFields extends Error {
  readonly issues: readonly FieldIssue[];
  constructor(issues: readonly FieldIssue[]) {
    super(issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    this.issues = issues;
  }
}

/** SparkPost's entries for refused fields (the first ten): 1400 when one is missing, 1300 otherwise. */
function fieldErrors(
  issues: readonly FieldIssue[],
  part: string,
  input: unknown,
  request: FastifyRequest,
): SparkpostErrorItem[] {
  const namesParam = request.routeOptions.config?.errorsNameParam ?? false;
  return issues.slice(0, 10).map((issue) => {
    const path = issue.path.map(String);
    const field = path.join('.') || part;
    const missing = issue.message.includes('received undefined');
    const item: SparkpostErrorItem = {
      message: missing ? 'required field is missing' : 'invalid data format/type',
      description: missing ? `${field} is required` : `${field}: ${issue.message}`,
      code: missing ? '1400' : '1300',
    };
    if (namesParam) {
      item.param = field;
      item.value = valueAt(input, path) ?? null;
    }
    return item;
  });
}

function toSparkpost(
  error: FastifyError,
  request: FastifyRequest,
): { status: number; errors: SparkpostErrorItem[] } {
  if (isSparkpostError(error)) return { status: error.statusCode, errors: error.errors };
  if (error instanceof EngineError) return engineErrorAnswer(error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = validatedInput[error.validationContext as keyof typeof validatedInput] ?? 'body';
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean),
      message: issue.message ?? '',
    }));
    return {
      status: 422,
      errors: fieldErrors(issues, error.validationContext ?? 'body', request[context], request),
    };
  }
  if (error instanceof InvalidFields) {
    return { status: 422, errors: fieldErrors(error.issues, 'body', request.body, request) };
  }
  const consoleError = consoleErrorOf(error);
  if (consoleError) {
    // Console guards (a bearer session token) fail with the console envelope's codes.
    const { status } = consoleError;
    const base = statusMessages[status] ?? { message: error.message, code: '1300' };
    return { status, errors: [{ ...base, description: error.message }] };
  }
  if (!isResponseSerializationError(error) && error.statusCode && error.statusCode < 500) {
    const base = statusMessages[error.statusCode] ?? { message: 'invalid request', code: '1300' };
    return { status: error.statusCode, errors: [{ ...base, description: error.message }] };
  }
  return { status: 500, errors: [{ message: 'internal error', code: '1900' }] };
}
