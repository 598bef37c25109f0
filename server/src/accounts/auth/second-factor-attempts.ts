import { DomainError } from '../../domain-error.ts';
import type { UserStore } from '../users/user-store.ts';

/** Codes per user (whatever the session) within this window before codes are refused. */
export const maxCodeFailures = 5;
const windowMs = 15 * 60 * 1000;

/**
 * Counts a second-factor try against the user before its code is checked (a success clears the
 * count), so parallel tries cannot slip past the limit. A new password sign-in does not start the
 * count again. Returns the tries within the window, this one included; throws tooManyAttempts while
 * the user has used up `maxCodeFailures`.
 */
export async function startCodeAttempt(
  users: Pick<UserStore, 'countCodeAttempt' | 'lastCodeFailureAt'>,
  userId: string,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - windowMs);
  const tries = await users.countCodeAttempt(userId, now, windowStart, maxCodeFailures);
  if (tries !== undefined) return tries;
  const failedAt = await users.lastCodeFailureAt(userId);
  const minutes = Math.max(1, Math.ceil((failedAt.getTime() + windowMs - now.getTime()) / 60_000));
  throw new DomainError(
    'tooManyAttempts',
    `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}
