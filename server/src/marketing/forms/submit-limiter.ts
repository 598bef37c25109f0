/**
 * Counts a public form's submissions in one-minute windows, per visitor's IP on the form and per form
 * in all: a bot on one address, or many addresses on one form, get `false` once over the limit. Always
 * on (the install's RATE_LIMIT_PER_MINUTE, which may be 0, limits the account routes), in this
 * process's memory: with several API processes, each counts its own share.
 */
export interface SubmitLimits {
  perIpPerMinute: number;
  perFormPerMinute: number;
}

export function createSubmitLimiter(limits: SubmitLimits, now: () => number = Date.now) {
  let window = -1;
  let counts = new Map<string, number>();
  const take = (key: string, max: number) => {
    const used = counts.get(key) ?? 0;
    if (used >= max) return false;
    counts.set(key, used + 1);
    return true;
  };
  return {
    /** Counts one submission of `ip` on form `formId`; false when either limit is already reached. */
    allow(formId: string, ip: string): boolean {
      const current = Math.floor(now() / 60_000);
      if (current !== window) {
        window = current;
        counts = new Map();
      }
      const ipKey = `ip ${formId} ${ip}`;
      if ((counts.get(ipKey) ?? 0) >= limits.perIpPerMinute) return false;
      if (!take(`form ${formId}`, limits.perFormPerMinute)) return false;
      return take(ipKey, limits.perIpPerMinute);
    },
  };
}
