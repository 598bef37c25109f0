import { Piscina } from 'piscina';

/** Every thread busy and the queue full: the caller should answer "try again in a moment". */
export class PoolBusyError extends Error {
  constructor() {
    super('The worker threads are busy and their queue is full');
    this.name = 'PoolBusyError';
  }
}

export interface LazyPool {
  /** Runs the worker's export `name` on `task`; rejects with PoolBusyError when the queue is full. */
  run<T>(task: unknown, name: string): Promise<T>;
  /** Ends the threads (tests and shutdown); the next run starts new ones. */
  close(): Promise<void>;
}

/**
 * Up to two threads of `worker`, started on first use; idle ones end after a while, and their
 * memory with them. At most `maxQueue` tasks wait, so a burst is refused rather than held in memory.
 */
export function lazyPool(worker: URL, maxQueue = 64): LazyPool {
  let pool: Piscina | undefined;
  return {
    async run<T>(task: unknown, name: string): Promise<T> {
      pool ??= new Piscina({
        filename: worker.href,
        minThreads: 0,
        maxThreads: 2,
        idleTimeout: 10_000,
        maxQueue,
      });
      if (pool.queueSize >= maxQueue) throw new PoolBusyError();
      return pool.run(task, { name });
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
