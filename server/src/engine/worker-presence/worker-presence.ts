import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { ReportError } from '../../report-error.ts';
import { type LeaseHolder, newHolderId } from './lease-holder.ts';
import { createPresenceStore } from './presence-store.ts';

/** Heartbeats per dead-after time: a process is found dead only after missing this many in a row. */
const beatsPerDeadAfter = 6;
/** Dead processes are remembered this long, past the longest lease (delivery's 35 minutes), then forgotten. */
const forgetDeadAfterMs = 60 * 60_000;

export interface PresenceOptions {
  /**
   * WORKER_DEAD_AFTER_SECONDS: a process whose heartbeat count stood still this long, as another
   * one watched it, is dead.
   */
  deadAfterMs: number;
  reportError: ReportError;
  /** This process's id; a new one (host, pid, random) by default. */
  id?: string;
}

export interface WorkerPresence extends LeaseHolder {
  /**
   * Registers this process. `sole`: it owns the database alone (PGlite's data-directory lock), so
   * every process registered before it is dead, and what they held is free at once; nobody can find
   * it dead, so it needs no heartbeat.
   */
  start(options: { sole: boolean }): Promise<void>;
  /**
   * One heartbeat: counts this process's beat (a process found dead meanwhile registers again under
   * a new id), then reads the others' counts and marks dead each one this process has watched
   * stand still for the dead-after time.
   */
  beat(): Promise<void>;
  /** Beats every sixth of the dead-after time until stop() (unless it owns the database alone). */
  keepBeating(): void;
  /** Stops beating and marks this process dead: whatever it still holds is free at once. */
  stop(): Promise<void>;
}

/**
 * This process's presence among the worker processes of one database. Each counts up its heartbeat;
 * the others judge it by their own clocks only (how long they watched its count stand still), so
 * hosts need not agree on the time. A watch with a gap (this process stalled, or the database was
 * out of reach) starts over: after a database outage nobody is found dead for the outage itself.
 * A process found dead may have been slow rather than dead: it stops starting work once its own
 * heartbeat has gone unconfirmed for most of the dead-after time, before the others can find it
 * dead, and the leases' fencing keeps it from recording what it was doing.
 */
export function createWorkerPresence(db: Db, clock: Clock, options: PresenceOptions): WorkerPresence {
  const store = createPresenceStore(db);
  const { deadAfterMs, reportError } = options;
  const heartbeatMs = deadAfterMs / beatsPerDeadAfter;
  const now = () => clock.now().getTime();
  let id = options.id ?? newHolderId();
  /** When the last heartbeat that found this process alive began. */
  let confirmedAt = Number.NEGATIVE_INFINITY;
  /** Each other live process's count as this one last saw it change, and when. */
  const watch = new Map<string, { beats: number; since: number }>();
  let watchedAt: number | undefined;
  let dead: string[] = [];
  let sole = false;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> | undefined;

  async function lookAround(at: number): Promise<void> {
    const rows = await store.list();
    if (watchedAt === undefined || at - watchedAt > 2 * heartbeatMs) watch.clear();
    watchedAt = at;
    const found: string[] = [];
    for (const row of rows) {
      if (row.id === id) continue;
      const seen = watch.get(row.id);
      if (row.deadSince) {
        found.push(row.id);
        watch.delete(row.id);
      } else if (!seen || seen.beats !== row.beats) {
        watch.set(row.id, { beats: row.beats, since: at });
      } else if (at - seen.since >= deadAfterMs && (await store.markDead(row.id, row.beats, new Date(at)))) {
        found.push(row.id);
        watch.delete(row.id);
      }
    }
    const listed = new Set(rows.map((row) => row.id));
    for (const watched of watch.keys()) if (!listed.has(watched)) watch.delete(watched);
    dead = found;
    await store.forgetDead(new Date(at - forgetDeadAfterMs));
  }

  async function beatOnce(): Promise<void> {
    const started = now();
    if (!(await store.beat(id))) {
      const lost = id;
      id = newHolderId();
      await store.register(id, new Date(started));
      reportError(
        new Error(`worker process ${lost} was found dead by another (no heartbeat for ${deadAfterMs} ms)`),
        `its leases went to other processes; it goes on as ${id}`,
      );
    }
    confirmedAt = started;
    await lookAround(started);
  }

  const schedule = () => {
    timer = setTimeout(() => {
      void presence.beat().finally(() => {
        if (timer) schedule();
      });
    }, heartbeatMs);
    timer.unref();
  };

  const presence: WorkerPresence = {
    id: () => id,
    deadHolders: () => dead,
    // Two heartbeats short of the time after which another process may find this one dead.
    alive: () => sole || now() - confirmedAt < deadAfterMs - 2 * heartbeatMs,
    async start(options) {
      const at = now();
      sole = options.sole;
      await store.register(id, new Date(at));
      if (sole) await store.markOthersDead(id, new Date(at));
      confirmedAt = at;
      await lookAround(at);
    },
    async beat() {
      beating ??= beatOnce()
        .catch((error: unknown) => reportError(error, 'worker heartbeat failed'))
        .finally(() => {
          beating = undefined;
        });
      await beating;
    },
    keepBeating() {
      if (!timer && !sole) schedule();
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await beating;
      await store.leave(id, clock.now());
    },
  };
  return presence;
}
