import type { ErrorCode, ErrorPayload } from '@app/contract/codes';

/**
 * A rule of the product said no: what went wrong (`code`, one of the shared error codes), a message for
 * people and, where one input is at fault, which one. Transport-free: the console API, `/api/v1` and the
 * SMTP relay each turn it into their own answer (http/errors.ts for the console).
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly payload: ErrorPayload | undefined;

  constructor(code: ErrorCode, message: string, payload?: ErrorPayload) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.payload = payload;
  }
}

/** One field failed a rule, worded like the schema's own validation failures. */
export function invalidField(field: string, cause: string, value?: unknown): DomainError {
  return new DomainError('validation', `The ${field} is Invalid`, { field, value, cause });
}
