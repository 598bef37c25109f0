import type { Db } from '../../db/db.ts';

const windowMs = 15 * 60 * 1000;
const maxFailures = 5;

/** Counts a wrong password; the fifth within 15 minutes locks sign-in for 15 minutes. */
export async function recordFailedSignin(db: Db, userId: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  await db.query(
    `UPDATE users SET
       failed_logins = CASE WHEN first_failed_at IS NULL OR first_failed_at <= $3 THEN 1 ELSE failed_logins + 1 END,
       first_failed_at = CASE WHEN first_failed_at IS NULL OR first_failed_at <= $3 THEN $2 ELSE first_failed_at END
     WHERE id = $1`,
    [userId, now, windowStart],
  );
  await db.query(
    `UPDATE users SET locked_until = $3, failed_logins = 0, first_failed_at = NULL
     WHERE id = $1 AND failed_logins >= $2`,
    [userId, maxFailures, new Date(now.getTime() + windowMs)],
  );
}

export async function clearFailedSignins(db: Db, userId: string): Promise<void> {
  await db.query(
    'UPDATE users SET failed_logins = 0, first_failed_at = NULL, locked_until = NULL WHERE id = $1 AND failed_logins > 0',
    [userId],
  );
}
