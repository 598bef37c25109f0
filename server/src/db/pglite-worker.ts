import { Worker } from 'node:worker_threads';
import { channelHandlers, createDb, type Db, type Queryable } from './db.ts';
import type { ThreadReply, ThreadRequest } from './pglite-thread.ts';

type Request = ThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export interface PgliteWorkerOptions {
  /** Flush every commit to disk (see pglite-instance.ts). */
  fsync: boolean;
  /** The database thread died: the process cannot go on. */
  onFatal?: (error: Error) => void;
  /** A failure the caller does not see, e.g. a rollback that failed after the transaction's own error. */
  onError?: (error: Error) => void;
}

/**
 * PGlite on a worker thread. PGlite runs PostgreSQL compiled to WASM on the thread that calls it,
 * and each statement costs about 0.4 ms of that thread (measured): on the server's main thread
 * that was half of its CPU under load. Here the database gets a core of its own while the main
 * thread parses requests and composes messages. Same Db interface, same semantics: one
 * connection, statements outside a transaction wait for it to end.
 */
export async function openPgliteWorker(dataDir: string, options: PgliteWorkerOptions): Promise<Db> {
  const { fsync, onFatal, onError } = options;
  const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), {
    workerData: { dataDir, fsync },
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let failure: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  const channels = channelHandlers((channel) =>
    // LISTEN fails only when the thread is gone, which failAll already reports.
    call({ op: 'listen', channel }).then(
      () => undefined,
      (error: Error) => {
        if (error !== failure) onFatal?.(error);
      },
    ),
  );
  worker.on('message', (reply: ThreadReply) => {
    if ('notification' in reply) {
      channels.deliver(reply.notification.channel, reply.notification.payload);
      return;
    }
    const entry = waiting.get(reply.id);
    if (!entry) return;
    waiting.delete(reply.id);
    if (reply.ok) entry.resolve(reply.value);
    else entry.reject(Object.assign(new Error(reply.error.message), reply.error));
  });
  let closing = false;
  const failAll = (error: Error) => {
    failure = error;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
    // Without its database thread the process can only fail every request: say so, so it is restarted.
    if (!closing) onFatal?.(error);
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the database thread stopped (exit code ${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const queryable = (tx?: number): Queryable => ({
    query: <T extends object>(sql: string, params?: unknown[]) => call<T[]>({ op: 'query', sql, params, tx }),
    exec: (sql) => call<void>({ op: 'exec', sql, tx }),
    othersWaiting: () => waiting.size,
  });

  await ready;
  return createDb({
    ...queryable(),
    transaction: async (fn) => {
      const tx = await call<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof fn>>;
      try {
        result = await fn(queryable(tx));
      } catch (error) {
        // The transaction's own error is the one to throw; the rollback's is reported.
        await call({ op: 'end', tx, commit: false }).catch((rollback: Error) => onError?.(rollback));
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    listen: channels.listen,
    close: async () => {
      await call({ op: 'close' });
      closing = true;
      await worker.terminate();
    },
  });
}
