import { Piscina } from 'piscina';
import { createFairScheduler } from './fair-scheduler.ts';

/** The owner has as many tasks waiting as it may: the caller should answer "try again in a moment". */
export class PoolBusyError extends Error {
  constructor() {
    super('The worker threads are busy and their queue is full');
    this.name = 'PoolBusyError';
  }
}

export interface FairPoolOptions {
  threads: number;
  /** Tasks one owner runs at once; by default all threads but one, so another owner always finds one. */
  perOwner?: number;
  /** Tasks one owner may have waiting before PoolBusyError; by default no limit. */
  maxWaitingPerOwner?: number;
  /** An idle thread ends after this long, and its memory with it. */
  idleTimeoutMs: number;
}

export interface FairPool {
  /** Runs the worker's export `name` on `task` for `owner` (a company); rejects with PoolBusyError when its queue is full. */
  run<T>(owner: string, task: unknown, name: string): Promise<T>;
  /** Ends the threads (tests and shutdown); the next run starts new ones. */
  close(): Promise<void>;
}

interface Job {
  task: unknown;
  name: string;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

/**
 * Threads of `worker`, started on first use, shared fairly among owners (createFairScheduler): the
 * pool is only handed a task when one of its threads is free, so its own first-come queue never holds
 * one owner's burst in front of another's task.
 */
export function fairPool(worker: URL, options: FairPoolOptions): FairPool {
  const { threads, idleTimeoutMs } = options;
  const scheduler = createFairScheduler<Job>({
    slots: threads,
    perOwner: options.perOwner ?? Math.max(1, threads - 1),
    maxWaitingPerOwner: options.maxWaitingPerOwner ?? Number.POSITIVE_INFINITY,
  });
  let pool: Piscina | undefined;

  const startWaiting = () => {
    for (let next = scheduler.next(); next; next = scheduler.next()) {
      const { owner, job } = next;
      pool ??= new Piscina({
        filename: worker.href,
        minThreads: 0,
        maxThreads: threads,
        idleTimeout: idleTimeoutMs,
      });
      pool
        .run(job.task, { name: job.name })
        .then(job.resolve, job.reject)
        .finally(() => {
          scheduler.finished(owner);
          startWaiting();
        });
    }
  };

  return {
    run<T>(owner: string, task: unknown, name: string): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const job: Job = { task, name, resolve: resolve as (value: unknown) => void, reject };
        if (!scheduler.enqueue(owner, job)) {
          reject(new PoolBusyError());
          return;
        }
        startWaiting();
      });
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
