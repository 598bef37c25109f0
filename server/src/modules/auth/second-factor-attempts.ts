import type { Db } from '../../db/db.ts';
import { appError } from '../../http/errors.ts';

/** Wrong codes per user (whatever the session) within this window before codes are refused. */
export const maxCodeFailures = 5;
const windowMs = 15 * 60 * 1000;

/**
 * 429 while the user has had `maxCodeFailures` wrong second-factor codes in the last 15 minutes:
 * a new password sign-in does not start the count again.
 */
export async function refuseWhileLocked(db: Db, userId: string, now: Date): Promise<void> {
  const row = await db.one<{ failures: number; failed_at: Date | null }>(
    'SELECT second_factor_failures AS failures, second_factor_failed_at AS failed_at FROM users WHERE id = $1',
    [userId],
  );
  if (!row.failed_at || row.failures < maxCodeFailures) return;
  const waitMs = row.failed_at.getTime() + windowMs - now.getTime();
  if (waitMs > 0) {
    throw appError(
      429,
      'tooManyAttempts',
      `Too many wrong codes. Try again in ${Math.ceil(waitMs / 60_000)} minutes.`,
    );
  }
}

/** Counts a wrong code; returns the failures within the window, this one included. */
export async function recordCodeFailure(db: Db, userId: string, now: Date): Promise<number> {
  const { failures } = await db.one<{ failures: number }>(
    `UPDATE users SET
       second_factor_failures = CASE WHEN second_factor_failed_at IS NULL OR second_factor_failed_at <= $3
         THEN 1 ELSE second_factor_failures + 1 END,
       second_factor_failed_at = $2
     WHERE id = $1 RETURNING second_factor_failures AS failures`,
    [userId, now, new Date(now.getTime() - windowMs)],
  );
  return failures;
}

export async function clearCodeFailures(db: Db, userId: string): Promise<void> {
  await db.query(
    `UPDATE users SET second_factor_failures = 0, second_factor_failed_at = NULL
     WHERE id = $1 AND second_factor_failures > 0`,
    [userId],
  );
}
