import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { UserStore } from '../users/user-store.ts';
import { countSecondFactorTry, revokedError } from './sessions.ts';

const minute = 60 * 1000;

/**
 * How many codes may be tried, counted three ways. The per-attempt and per-source limits do the
 * ordinary work and only ever stop the one who guesses: a stranger holding the password gets 5 codes
 * per sign-in and 5 per 15 minutes from one network, while the owner, on another network, still
 * gets in with the right code.
 *
 * The per-user ceiling stops a guesser spread over many networks. It is high enough that one network
 * needs five hours of steady guessing (20 codes an hour) to reach it, and it refuses only codes from
 * the authenticator app: recovery codes (50 random bits each, not guessable) still open the account,
 * so no stranger can lock the owner out. At 100 wrong codes a day, with 3 codes accepted at a time
 * (clock drift), a distributed guesser's chance is about 3 in 10,000 a day.
 */
export const codeLimits = {
  /** Codes per sign-in attempt (the session waiting for its second factor); the last wrong one ends it. */
  perAttempt: 5,
  /** Wrong codes from one IP for one user, counted again after 15 minutes without one. */
  perSource: { max: 5, windowMs: 15 * minute },
  /** Wrong app codes for one user from anywhere, counted again after a day without one. */
  perUser: { max: 100, windowMs: 24 * 60 * minute },
} as const;

export interface CodeAttempt {
  sessionId: string;
  userId: string;
  ip: string;
  /** `app` codes count towards the per-user ceiling; recovery codes do not. */
  factor: 'app' | 'recovery';
}

type AttemptUsers = Pick<UserStore, 'countCodeAttempt' | 'lastCodeFailureAt' | 'takeBackCodeAttempt'>;

const waitText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / minute));
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
};

/**
 * Counts one try at a code before it is checked (a success takes it back), per attempt, then per
 * source, then per user: a try refused by one limit is not counted by the next, so refused tries
 * never add to the user's ceiling. Returns whether this is the attempt's last try; throws
 * tooManyAttempts (or sessionExpired for a used-up attempt) when a limit is reached.
 */
export async function startCodeAttempt(
  db: Db,
  users: AttemptUsers,
  attempt: CodeAttempt,
  now: Date,
): Promise<{ lastTry: boolean }> {
  const tries = await countSecondFactorTry(db, attempt.sessionId, codeLimits.perAttempt);
  if (tries === undefined) throw revokedError('second_factor_failures');

  const { max, windowMs } = codeLimits.perSource;
  const counted = await db.query(
    `INSERT INTO second_factor_source_failures AS f (user_id, ip, failures, last_failed_at)
     VALUES ($1, $2, 1, $3)
     ON CONFLICT (user_id, ip) DO UPDATE SET
       failures = CASE WHEN f.last_failed_at <= $4 THEN 1 ELSE f.failures + 1 END,
       last_failed_at = $3
     WHERE f.last_failed_at <= $4 OR f.failures < $5
     RETURNING failures`,
    [attempt.userId, attempt.ip, now, new Date(now.getTime() - windowMs), max],
  );
  if (counted.length === 0) {
    const { last_failed_at: failedAt } = await db.one<{ last_failed_at: Date }>(
      'SELECT last_failed_at FROM second_factor_source_failures WHERE user_id = $1 AND ip = $2',
      [attempt.userId, attempt.ip],
    );
    throw new DomainError(
      'tooManyAttempts',
      `Too many wrong codes from your network. Try again in ${waitText(failedAt.getTime() + windowMs - now.getTime())}.`,
    );
  }

  if (attempt.factor === 'app') {
    const ceiling = codeLimits.perUser;
    const windowStart = new Date(now.getTime() - ceiling.windowMs);
    if ((await users.countCodeAttempt(attempt.userId, now, windowStart, ceiling.max)) === undefined) {
      const failedAt = await users.lastCodeFailureAt(attempt.userId);
      throw new DomainError(
        'tooManyAttempts',
        'Too many wrong codes for this account. Use a recovery code, or try again in ' +
          `${waitText(failedAt.getTime() + ceiling.windowMs - now.getTime())}.`,
      );
    }
  }
  return { lastTry: tries >= codeLimits.perAttempt };
}

/** The code was right: this source's count starts again, and the try no longer counts for the user. */
export async function codeAccepted(db: Db, users: AttemptUsers, attempt: CodeAttempt, now: Date) {
  await db.query(
    'DELETE FROM second_factor_source_failures WHERE (user_id = $1 AND ip = $2) OR last_failed_at <= $3',
    [attempt.userId, attempt.ip, new Date(now.getTime() - codeLimits.perSource.windowMs)],
  );
  if (attempt.factor === 'app') await users.takeBackCodeAttempt(attempt.userId);
}
