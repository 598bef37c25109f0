import { fieldLabel } from './field-labels.ts';
import { catalogueMessages, entityNotFoundMessages } from './messages.ts';
import type { ParsedErrorBody } from './types.ts';

/** Shows any payload value as text: strings as they are, objects as JSON. */
export function formatErrorValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** 'The {field} is Invalid', with the field as a person names it. */
export function invalidFieldMessage(field: string): string {
  return `The ${fieldLabel(field)} is Invalid`;
}

/** 'The value {value} is Invalid for {field}', with the field as a person names it. */
export function invalidValueMessage(value: unknown, field: string): string {
  return `The value ${formatErrorValue(value)} is Invalid for ${fieldLabel(field)}`;
}

/** '{Entity} not found' for a known entity, otherwise the entity name capitalised. */
export function entityNotFoundMessage(entity: string): string {
  const known = (entityNotFoundMessages as Record<string, string>)[entity];
  if (known) return known;
  return `${entity.charAt(0).toUpperCase()}${entity.slice(1)} not found`;
}

/** validation code: cause wins, then value + field, then field, then the server message. */
export function validationMessage(body: ParsedErrorBody, fallback: string): string {
  const payload = body.payload;
  if (payload?.cause) return payload.cause;
  if (payload?.field && payload.value !== undefined) return invalidValueMessage(payload.value, payload.field);
  if (payload?.field) return invalidFieldMessage(payload.field);
  return body.message || fallback;
}

/** notAllowed code: the cause if the server gave one, otherwise 'Not Allowed'. */
export function notAllowedMessage(body: ParsedErrorBody): string {
  return body.payload?.cause || catalogueMessages.notAllowed;
}
