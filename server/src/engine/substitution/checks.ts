import { isEmailAddress } from '@app/contract/engine/index';
import { GenerationError } from './errors.ts';

const LINE_BREAK = /[\r\n\0]/;
// RFC 5322 field names: printable US-ASCII except colon.
const HEADER_NAME = /^[!-9;-~]+$/;

function reject(reason: string): never {
  throw new GenerationError('generation_rejection', reason);
}

function shown(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

export function checkSubject(subject: string): void {
  if (subject.trim() === '') reject('subject is empty after substitution');
  if (LINE_BREAK.test(subject)) reject('subject contains a line break after substitution');
}

export function checkFrom(email: string, name: string | undefined): void {
  if (!isEmailAddress(email)) {
    reject(`from address ${shown(email)} is not a valid email address after substitution`);
  }
  if (name !== undefined && LINE_BREAK.test(name))
    reject('from name contains a line break after substitution');
}

export function checkReplyTo(replyTo: string): void {
  if (LINE_BREAK.test(replyTo)) reject('reply_to contains a line break after substitution');
}

export function checkHeader(name: string, value: string): void {
  if (!HEADER_NAME.test(name)) reject(`header name ${shown(name)} is not a valid header name`);
  if (LINE_BREAK.test(value))
    reject(`header ${name} contains a line break after substitution (header injection)`);
}
