import type { Db } from '../../db/db.ts';

/** Failures older than this are forgotten. */
const windowMs = 15 * 60 * 1000;

/**
 * When the row's IP may next try a password for its account: after 5 failures each further try
 * waits 15 s, then 30 s, 60 s… (at most 15 minutes) after the last one. SQL, so the check and the
 * count are one statement and parallel guesses cannot slip past it.
 */
const nextTryAt = `(signin_failures.last_failed_at + LEAST(15000 * power(2, signin_failures.failures - 5), ${windowMs})
  * (signin_failures.failures >= 5)::int * interval '1 millisecond')`;

export interface SigninAttempt {
  email: string;
  ip: string;
}

/**
 * Wrong passwords slow down the IP that sends them, for that account only, so a stranger never
 * locks the owner out: the owner signs in from another IP, or after the short wait. Every try is
 * counted up front (a success clears it); returns 0 when this try may go ahead, else the
 * milliseconds the IP still has to wait. Unknown addresses are counted like known ones.
 */
export async function startSigninAttempt(db: Db, attempt: SigninAttempt, now: Date): Promise<number> {
  const counted = await db.query(
    `INSERT INTO signin_failures (email, ip, failures, last_failed_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (email, ip) DO UPDATE SET
       failures = CASE WHEN signin_failures.last_failed_at <= $4 THEN 1 ELSE signin_failures.failures + 1 END,
       last_failed_at = $3
     WHERE signin_failures.last_failed_at <= $4 OR ${nextTryAt} <= $3
     RETURNING failures`,
    [attempt.email, attempt.ip, now, new Date(now.getTime() - windowMs)],
  );
  if (counted.length > 0) return 0;
  const { wait_ms: waitMs } = await db.one<{ wait_ms: number }>(
    `SELECT GREATEST(1, ceil(extract(epoch FROM ${nextTryAt} - $3::timestamptz) * 1000))::int AS wait_ms
     FROM signin_failures WHERE email = $1 AND ip = $2`,
    [attempt.email, attempt.ip, now],
  );
  return waitMs;
}

/** The right password: this IP's count for the account starts again. */
export async function clearFailedSignins(db: Db, attempt: SigninAttempt, now: Date): Promise<void> {
  await db.query('DELETE FROM signin_failures WHERE (email = $1 AND ip = $2) OR last_failed_at <= $3', [
    attempt.email,
    attempt.ip,
    new Date(now.getTime() - windowMs),
  ]);
}

/** A new password makes earlier wrong guesses moot: every IP may try it at once. */
export async function forgetFailedSignins(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM signin_failures WHERE email = lower($1)', [email]);
}
