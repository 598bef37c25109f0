import type { SmtpSession } from './session.ts';

interface IdleSession {
  key: string;
  session: SmtpSession;
  timer: NodeJS.Timeout;
}

interface Lane {
  /** Jobs holding a slot: each uses at most one session at a time. */
  active: number;
  waiting: (() => void)[];
  idle: IdleSession[];
  /** Sessions open in this lane, busy or idle. */
  open: number;
}

/**
 * Per-destination lanes (a recipient domain, or the smarthost): at most `maxSessions` jobs at once,
 * the others wait in line; sessions kept open between jobs for reuse, closed after `idleMs` unused.
 * A lane never holds more than `maxSessions` open sessions.
 */
export function createLanes(options: { maxSessions: number; idleMs: number }) {
  const lanes = new Map<string, Lane>();
  let closing = false;

  const laneOf = (name: string): Lane => {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { active: 0, waiting: [], idle: [], open: 0 };
      lanes.set(name, lane);
    }
    return lane;
  };

  const forgetIfUnused = (name: string, lane: Lane) => {
    if (lane.active === 0 && lane.open === 0 && lane.waiting.length === 0) lanes.delete(name);
  };

  const removeIdle = (lane: Lane, entry: IdleSession) => {
    clearTimeout(entry.timer);
    lane.idle.splice(lane.idle.indexOf(entry), 1);
  };

  return {
    /** Waits for a slot in the lane; call the answer to give it back. */
    async acquire(name: string): Promise<() => void> {
      const lane = laneOf(name);
      if (lane.active < options.maxSessions) lane.active += 1;
      else await new Promise<void>((resolve) => lane.waiting.push(resolve));
      return () => {
        const next = lane.waiting.shift();
        if (next) next();
        else lane.active -= 1;
        forgetIfUnused(name, lane);
      };
    },

    /** An idle session to `key` (a host, address and local address), taken out of the idle list. */
    take(name: string, key: string): SmtpSession | undefined {
      const lane = laneOf(name);
      const entry = lane.idle.findLast((candidate) => candidate.key === key && !candidate.session.closed);
      if (!entry) return undefined;
      removeIdle(lane, entry);
      return entry.session;
    },

    /**
     * Makes room for a new session and counts it from now (the oldest idle session of the lane is
     * closed if needed); the answer hands over the session, or says that opening it failed.
     */
    opening(name: string): { opened(session: SmtpSession): void; failed(): void } {
      const lane = laneOf(name);
      while (lane.open >= options.maxSessions && lane.idle.length > 0) {
        const oldest = lane.idle[0] as IdleSession;
        removeIdle(lane, oldest);
        oldest.session.quit();
      }
      lane.open += 1;
      const closed = () => {
        lane.open -= 1;
        forgetIfUnused(name, lane);
      };
      return {
        opened: (session) => {
          session.onClose(() => {
            const entry = lane.idle.find((candidate) => candidate.session === session);
            if (entry) removeIdle(lane, entry);
            closed();
          });
        },
        failed: closed,
      };
    },

    /** Keeps a session for the next job of the lane, or closes it when the transport is closing. */
    release(name: string, key: string, session: SmtpSession): void {
      if (session.closed) return;
      const lane = laneOf(name);
      if (closing) {
        session.quit();
        return;
      }
      const entry: IdleSession = {
        key,
        session,
        timer: setTimeout(() => {
          removeIdle(lane, entry);
          session.quit();
        }, options.idleMs),
      };
      entry.timer.unref();
      lane.idle.push(entry);
    },

    closeAll(): void {
      closing = true;
      for (const lane of lanes.values()) {
        for (const entry of [...lane.idle]) {
          removeIdle(lane, entry);
          entry.session.quit();
        }
      }
    },
  };
}

export type Lanes = ReturnType<typeof createLanes>;
