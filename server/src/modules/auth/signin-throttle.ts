import type { Db } from '../../db/db.ts';

/** Failures older than this are forgotten. */
const windowMs = 15 * 60 * 1000;
/** Wrong passwords from one IP for one account before it has to wait between tries. */
const freeFailures = 5;
const firstDelayMs = 15 * 1000;

/**
 * Wrong passwords slow down the IP that sends them, for that account only: after five, each
 * further try waits 15 s, then 30 s, 60 s… (at most 15 minutes) after the last failure. The owner
 * signing in from another IP, or after the wait, is never locked out by a stranger.
 */
function retryDelayMs(failures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(firstDelayMs * 2 ** (failures - freeFailures), windowMs);
}

export interface SigninAttempt {
  email: string;
  ip: string;
}

/** Milliseconds this IP still has to wait before it may try a password for this account; 0: go. */
export async function signinWaitMs(db: Db, attempt: SigninAttempt, now: Date): Promise<number> {
  const row = await db.maybeOne<{ failures: number; last_failed_at: Date }>(
    'SELECT failures, last_failed_at FROM signin_failures WHERE email = $1 AND ip = $2',
    [attempt.email, attempt.ip],
  );
  if (!row || row.last_failed_at.getTime() <= now.getTime() - windowMs) return 0;
  return Math.max(0, row.last_failed_at.getTime() + retryDelayMs(row.failures) - now.getTime());
}

export async function recordFailedSignin(db: Db, attempt: SigninAttempt, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - windowMs);
  await db.query('DELETE FROM signin_failures WHERE last_failed_at <= $1', [windowStart]);
  await db.query(
    `INSERT INTO signin_failures (email, ip, failures, last_failed_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (email, ip) DO UPDATE SET failures = signin_failures.failures + 1, last_failed_at = $3`,
    [attempt.email, attempt.ip, now],
  );
}

export async function clearFailedSignins(db: Db, attempt: SigninAttempt): Promise<void> {
  await db.query('DELETE FROM signin_failures WHERE email = $1 AND ip = $2', [attempt.email, attempt.ip]);
}

/** A new password makes earlier wrong guesses moot: every IP may try it at once. */
export async function forgetFailedSignins(db: Db, email: string): Promise<void> {
  await db.query('DELETE FROM signin_failures WHERE email = lower($1)', [email]);
}
