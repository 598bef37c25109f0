import { describe, expect, it } from 'vitest';
import { createFairScheduler } from './fair-scheduler.ts';

/** Starts every job that may start now; the started jobs' names, in order. */
const startAll = (scheduler: ReturnType<typeof createFairScheduler<string>>) => {
  const started: string[] = [];
  for (let next = scheduler.next(); next; next = scheduler.next()) started.push(next.job);
  return started;
};

describe('the fair scheduler of a thread pool', () => {
  it("starts a second company's job on a free thread while the first has many waiting", () => {
    const scheduler = createFairScheduler<string>({ slots: 3, perOwner: 2, maxWaitingPerOwner: 100 });
    for (let n = 1; n <= 8; n++) scheduler.enqueue('a', `a${n}`);
    // Company a holds at most two threads, however many jobs it sends.
    expect(startAll(scheduler)).toEqual(['a1', 'a2']);
    scheduler.enqueue('b', 'b1');
    expect(startAll(scheduler)).toEqual(['b1']);
    expect(scheduler.waiting).toBe(6);
  });

  it("gives the next free thread to a company that waits, before the busy one's next job", () => {
    const scheduler = createFairScheduler<string>({ slots: 2, perOwner: 2, maxWaitingPerOwner: 100 });
    for (let n = 1; n <= 8; n++) scheduler.enqueue('a', `a${n}`);
    expect(startAll(scheduler)).toEqual(['a1', 'a2']);
    scheduler.enqueue('b', 'b1');
    expect(startAll(scheduler)).toEqual([]);
    scheduler.finished('a');
    expect(startAll(scheduler)).toEqual(['b1']);
    scheduler.finished('a');
    expect(startAll(scheduler)).toEqual(['a3']);
  });

  it('takes companies in turns, each one its own jobs first come first served', () => {
    const scheduler = createFairScheduler<string>({ slots: 1, perOwner: 1, maxWaitingPerOwner: 100 });
    for (const job of ['a1', 'a2', 'a3']) scheduler.enqueue('a', job);
    for (const job of ['b1', 'b2', 'b3']) scheduler.enqueue('b', job);
    scheduler.enqueue('c', 'c1');
    const order: string[] = [];
    for (let next = scheduler.next(); next; next = scheduler.next()) {
      order.push(next.job);
      scheduler.finished(next.owner);
    }
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'b3']);
  });

  it("refuses a company's job beyond its waiting limit, and only that company's", () => {
    const scheduler = createFairScheduler<string>({ slots: 1, perOwner: 1, maxWaitingPerOwner: 2 });
    expect(scheduler.enqueue('a', 'a1')).toBe(true);
    expect(scheduler.next()?.job).toBe('a1');
    expect(scheduler.enqueue('a', 'a2')).toBe(true);
    expect(scheduler.enqueue('a', 'a3')).toBe(true);
    expect(scheduler.enqueue('a', 'a4')).toBe(false);
    expect(scheduler.enqueue('b', 'b1')).toBe(true);
    expect(scheduler.waiting).toBe(3);
  });

  it('forgets an idle company, so owners that come and go hold no memory', () => {
    const scheduler = createFairScheduler<string>({ slots: 4, perOwner: 1, maxWaitingPerOwner: 2 });
    for (let n = 0; n < 1000; n++) {
      scheduler.enqueue(`ip-${n}`, 'job');
      const next = scheduler.next();
      if (next) scheduler.finished(next.owner);
    }
    expect(scheduler.owners).toBe(0);
    expect(scheduler.running).toBe(0);
  });
});
