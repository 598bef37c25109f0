import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';

/** Codes per user (whatever the session) within this window before codes are refused. */
export const maxCodeFailures = 5;
const windowMs = 15 * 60 * 1000;

/**
 * Counts a second-factor try against the user before its code is checked (a success clears the
 * count), in one statement so parallel tries cannot slip past the limit. A new password sign-in
 * does not start the count again. Returns the tries within the window, this one included; throws
 * 429 tooManyAttempts while the user has used up `maxCodeFailures`.
 */
export async function startCodeAttempt(db: Db, userId: string, now: Date): Promise<number> {
  const windowStart = new Date(now.getTime() - windowMs);
  const counted = await db.maybeOne<{ failures: number }>(
    `UPDATE users SET
       second_factor_failures = CASE WHEN second_factor_failed_at IS NULL OR second_factor_failed_at <= $3
         THEN 1 ELSE second_factor_failures + 1 END,
       second_factor_failed_at = $2
     WHERE id = $1
       AND (second_factor_failures < $4 OR second_factor_failed_at IS NULL OR second_factor_failed_at <= $3)
     RETURNING second_factor_failures AS failures`,
    [userId, now, windowStart, maxCodeFailures],
  );
  if (counted) return counted.failures;
  const { failed_at: failedAt } = await db.one<{ failed_at: Date }>(
    'SELECT second_factor_failed_at AS failed_at FROM users WHERE id = $1',
    [userId],
  );
  const minutes = Math.max(1, Math.ceil((failedAt.getTime() + windowMs - now.getTime()) / 60_000));
  throw new DomainError(
    'tooManyAttempts',
    `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

export async function clearCodeFailures(db: Db, userId: string): Promise<void> {
  await db.query(
    `UPDATE users SET second_factor_failures = 0, second_factor_failed_at = NULL
     WHERE id = $1 AND second_factor_failures > 0`,
    [userId],
  );
}
