import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC tags for the links the server puts in mail (unsubscribe, open and click tracking): each
 * purpose has its own key, derived from the server's SECRET so every process agrees on it, and a
 * tag of 128 bits (22 base64url characters) is beyond guessing yet keeps URLs short.
 */
const tagBytes = 16;

export const TAG_CHARS = 22;

/** The key of one purpose: an HMAC of the purpose's label under SECRET, base64url. */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

/** The tag of `message` under `key`, base64url. */
export function tagOf(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest().subarray(0, tagBytes).toString('base64url');
}

/** Whether `tag` is the tag of `message` under `key`, compared in constant time. */
export function tagMatches(key: string, message: string, tag: string): boolean {
  const expected = Buffer.from(tagOf(key, message));
  const given = Buffer.from(tag);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
