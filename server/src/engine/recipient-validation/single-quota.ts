import type { Clock } from '../../clock.ts';

/**
 * Single validations an account may ask for per minute (each may cost DNS look-ups), counted per
 * company in this process; lists are for more.
 */
export const singleValidationsPerMinute = 600;
const windowMs = 60_000;

/** A fixed one-minute window per company: whether one more validation fits, and when the next does. */
export function createSingleQuota(clock: Clock, perMinute = singleValidationsPerMinute) {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    /** Counts one validation; `retryAfterSeconds` when the company has used up this minute's. */
    take(companyId: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
      const now = clock.now().getTime();
      let window = windows.get(companyId);
      if (!window || now - window.start >= windowMs) {
        // Finished windows go once there are many: the map stays about as large as this minute's callers.
        if (windows.size > 1_000) {
          for (const [id, old] of windows) if (now - old.start >= windowMs) windows.delete(id);
        }
        window = { start: now, used: 0 };
        windows.set(companyId, window);
      }
      if (window.used >= perMinute) {
        return { ok: false, retryAfterSeconds: Math.ceil((window.start + windowMs - now) / 1000) };
      }
      window.used++;
      return { ok: true };
    },
  };
}

export type SingleQuota = ReturnType<typeof createSingleQuota>;
