const minute = 60_000;

/**
 * Waits after the 1st, 2nd, ... deferral: 1, 5, 15 and 30 minutes, 1 hour, then every 2 hours
 * until the retry period ends (SparkPost's 72 hours by default): about 40 attempts in all. Quick
 * first retries get greylisting (which asks for a few minutes) through fast; the long tail keeps
 * a full mailbox or a blocked destination from being hammered.
 */
export const retryDelaysMs: readonly number[] = [1, 5, 15, 30, 60, 120].map((minutes) => minutes * minute);

export const defaultRetryPeriodMs = 72 * 60 * minute;

/**
 * When to try again after the `attempts`-th attempt (counting from 1) was deferred at `now`; the
 * last try happens when the retry period ends. undefined: the period is over, the message bounces.
 */
export function nextAttemptAt(
  attempts: number,
  createdAt: Date,
  now: Date,
  retryPeriodMs: number,
): Date | undefined {
  const deadline = createdAt.getTime() + retryPeriodMs;
  if (now.getTime() >= deadline) return undefined;
  const delay = retryDelaysMs[Math.min(attempts, retryDelaysMs.length) - 1] ?? retryDelaysMs[0] ?? minute;
  return new Date(Math.min(now.getTime() + delay, deadline));
}
