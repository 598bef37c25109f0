import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { testClock } from '../../testing/app.ts';
import { databases, openMigrated } from '../../testing/databases.ts';
import { createWorkerPresence } from './worker-presence.ts';

const deadAfterMs = 24_000;
const heartbeatMs = deadAfterMs / 6;

describe.each(databases)('worker presence on $name', (database) => {
  let db: Db;
  let clock: ReturnType<typeof testClock>;
  let reported: unknown[];
  beforeAll(async () => {
    db = await openMigrated(database);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM worker_processes');
    clock = testClock();
    reported = [];
  });

  const presence = (id: string) =>
    createWorkerPresence(db, clock, { deadAfterMs, id, reportError: (error) => reported.push(error) });

  /** Moves the clock a heartbeat at a time for `ms`, each of `beating` beating after each step. */
  async function run(ms: number, ...beating: Array<ReturnType<typeof presence>>) {
    for (let elapsed = 0; elapsed < ms; elapsed += heartbeatMs) {
      clock.advance(heartbeatMs);
      for (const one of beating) await one.beat();
    }
  }

  it('finds a process dead once another has watched its heartbeat stand still for the dead-after time', async () => {
    const silent = presence('silent');
    const watcher = presence('watcher');
    await silent.start({ sole: false });
    await watcher.start({ sole: false });
    await run(deadAfterMs - heartbeatMs, watcher);
    expect(watcher.deadHolders()).toEqual([]);
    await run(heartbeatMs, watcher);
    expect(watcher.deadHolders()).toEqual(['silent']);
    // Another process reads it as dead at its first look.
    const late = presence('late');
    await late.start({ sole: false });
    expect(late.deadHolders()).toEqual(['silent']);
  });

  it('never finds a process dead while it beats, however long it runs', async () => {
    const busy = presence('busy');
    const watcher = presence('watcher');
    await busy.start({ sole: false });
    await watcher.start({ sole: false });
    await run(10 * 60_000, busy, watcher);
    expect(watcher.deadHolders()).toEqual([]);
    expect(busy.alive()).toBe(true);
  });

  it('starts its watch over after a gap of its own (a stall, a database outage): nobody is found dead for it', async () => {
    const silent = presence('silent');
    const watcher = presence('watcher');
    await silent.start({ sole: false });
    await watcher.start({ sole: false });
    clock.advance(10 * 60_000);
    await watcher.beat();
    expect(watcher.deadHolders()).toEqual([]);
    await run(deadAfterMs - heartbeatMs, watcher);
    expect(watcher.deadHolders()).toEqual([]);
    await run(heartbeatMs, watcher);
    expect(watcher.deadHolders()).toEqual(['silent']);
  });

  it('the sole owner of the database (PGlite) finds every process before it dead as it starts', async () => {
    await presence('first').start({ sole: false });
    await presence('second').start({ sole: false });
    const owner = presence('owner');
    await owner.start({ sole: true });
    expect(owner.deadHolders().sort()).toEqual(['first', 'second']);
    // Nobody else can run to find it dead: it needs no heartbeat (a long query on PGlite's one connection never stops its work).
    clock.advance(10 * 60_000);
    expect(owner.alive()).toBe(true);
  });

  it('a slow process stops starting work before it can be found dead, and goes on under a new id once it was', async () => {
    const slow = presence('slow');
    const watcher = presence('watcher');
    await slow.start({ sole: false });
    await watcher.start({ sole: false });
    await run(deadAfterMs - 3 * heartbeatMs, watcher);
    expect(slow.alive()).toBe(true);
    expect(watcher.deadHolders()).toEqual([]);
    await run(heartbeatMs, watcher);
    // Two heartbeats before the others may find it dead.
    expect(slow.alive()).toBe(false);
    expect(watcher.deadHolders()).toEqual([]);
    await run(2 * heartbeatMs, watcher);
    expect(watcher.deadHolders()).toEqual(['slow']);

    await slow.beat();
    expect(slow.alive()).toBe(true);
    expect(slow.id()).not.toBe('slow');
    expect(reported).toHaveLength(1);
    await run(deadAfterMs, slow, watcher);
    expect(watcher.deadHolders()).toEqual(['slow']);
  });

  it('a stopped process is dead at once; dead ones are forgotten after an hour', async () => {
    const leaving = presence('leaving');
    const watcher = presence('watcher');
    await leaving.start({ sole: false });
    await watcher.start({ sole: false });
    await leaving.stop();
    await watcher.beat();
    expect(watcher.deadHolders()).toEqual(['leaving']);
    clock.advance(61 * 60_000);
    await watcher.beat();
    await watcher.beat();
    expect(watcher.deadHolders()).toEqual([]);
    expect(await db.query('SELECT id FROM worker_processes')).toEqual([{ id: 'watcher' }]);
  });
});
