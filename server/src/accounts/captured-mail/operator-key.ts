import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key of the operator's captured-mail link, which shows every captured mail. Derived from the
 * server's SECRET, so every process on one database agrees on it and it changes with the SECRET.
 */
export function capturedMailKey(secret: string): string {
  return createHmac('sha256', secret).update('captured-mail operator link').digest('base64url').slice(0, 32);
}

export function isCapturedMailKey(candidate: string, key: string): boolean {
  const given = Buffer.from(candidate);
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
