export interface AuthThrottleSettings {
  /** Failed AUTH attempts a connection may make; the next failure closes it (421). */
  failuresPerConnection: number;
  /** Failed attempts from one IP address within `windowMs`; past it, AUTH is refused at once (421). */
  failuresPerAddress: number;
  windowMs: number;
  /** Delay of an address's first failure reply; it doubles with each further failure, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultAuthThrottle: AuthThrottleSettings = {
  failuresPerConnection: 3,
  failuresPerAddress: 20,
  windowMs: 15 * 60_000,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
};

/** What to do with a failed AUTH: wait this long, then answer 535, or 421 and close. */
export interface AuthFailureVerdict {
  delayMs: number;
  close: boolean;
}

/** Addresses remembered at most: a flood from many addresses cannot grow memory without bound. */
const maxTrackedAddresses = 100_000;

/**
 * Failed SMTP AUTH attempts, per connection and per client IP address (shared by all its
 * connections): each failure is answered more slowly, a connection is closed after a few, and an
 * address with too many in the window is refused until the window has passed.
 */
export function createAuthThrottle(
  settings: AuthThrottleSettings = defaultAuthThrottle,
  now = () => Date.now(),
) {
  const byAddress = new Map<string, { failures: number; since: number }>();

  function current(address: string) {
    const entry = byAddress.get(address);
    if (entry && now() - entry.since < settings.windowMs) return entry;
    if (entry) byAddress.delete(address);
    return undefined;
  }

  return {
    /** Whether `address` has used up its failures for now. */
    blocked(address: string): boolean {
      return (current(address)?.failures ?? 0) >= settings.failuresPerAddress;
    },

    /** Records a failure of a connection that has now failed `connectionFailures` times. */
    failed(address: string, connectionFailures: number): AuthFailureVerdict {
      const entry = current(address) ?? { failures: 0, since: now() };
      entry.failures += 1;
      // Re-inserted so that the map's order is by last failure: the first entry is the stalest.
      byAddress.delete(address);
      byAddress.set(address, entry);
      if (byAddress.size > maxTrackedAddresses) byAddress.delete(byAddress.keys().next().value ?? '');
      const delayMs = Math.min(settings.baseDelayMs * 2 ** (entry.failures - 1), settings.maxDelayMs);
      return {
        delayMs,
        close:
          connectionFailures >= settings.failuresPerConnection ||
          entry.failures >= settings.failuresPerAddress,
      };
    },
  };
}

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
