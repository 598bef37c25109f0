export interface FairSchedulerOptions {
  /** Jobs running at once: the pool's threads. */
  slots: number;
  /** Jobs one owner (a company) runs at once, so the others always find a thread. */
  perOwner: number;
  /** Jobs one owner may have waiting; one more is refused. */
  maxWaitingPerOwner: number;
}

interface OwnerState<J> {
  waiting: J[];
  running: number;
  /** When it last started a job (the scheduler's own count of starts); -1: not since it was idle. */
  lastStarted: number;
}

/**
 * Decides which waiting job a thread pool starts next, so that one owner's burst never keeps the
 * others waiting behind it: each owner runs at most `perOwner` jobs at once, and a free slot goes to
 * the owner with work waiting that started a job longest ago (one that was idle first, in the order
 * they came), its own jobs in the order they came. No clock: every decision follows from the calls.
 */
export function createFairScheduler<J>({ slots, perOwner, maxWaitingPerOwner }: FairSchedulerOptions) {
  /** Owners with work waiting or running, in the order they came; idle ones are forgotten. */
  const owners = new Map<string, OwnerState<J>>();
  let running = 0;
  let starts = 0;

  const forgetIfIdle = (owner: string, state: OwnerState<J>) => {
    if (state.running === 0 && state.waiting.length === 0) owners.delete(owner);
  };

  return {
    /** Queues `job` for `owner`; false (nothing queued) when the owner has as many waiting as it may. */
    enqueue(owner: string, job: J): boolean {
      let state = owners.get(owner);
      if (!state) {
        state = { waiting: [], running: 0, lastStarted: -1 };
        owners.set(owner, state);
      }
      if (state.waiting.length >= maxWaitingPerOwner) return false;
      state.waiting.push(job);
      return true;
    },

    /** The job to start now, counted as running until `finished`; undefined when none may start. */
    next(): { owner: string; job: J } | undefined {
      if (running >= slots) return undefined;
      let chosen: [string, OwnerState<J>] | undefined;
      for (const entry of owners) {
        const state = entry[1];
        if (state.waiting.length === 0 || state.running >= perOwner) continue;
        if (!chosen || state.lastStarted < chosen[1].lastStarted) chosen = entry;
      }
      if (!chosen) return undefined;
      const [owner, state] = chosen;
      const job = state.waiting.shift() as J;
      state.running += 1;
      state.lastStarted = starts++;
      running += 1;
      return { owner, job };
    },

    /** A job of `owner` that `next` gave has ended: its slot is free. */
    finished(owner: string): void {
      const state = owners.get(owner);
      if (!state || state.running === 0) return;
      state.running -= 1;
      running -= 1;
      forgetIfIdle(owner, state);
    },

    get waiting(): number {
      let count = 0;
      for (const state of owners.values()) count += state.waiting.length;
      return count;
    },
    get running(): number {
      return running;
    },
    get owners(): number {
      return owners.size;
    },
  };
}
