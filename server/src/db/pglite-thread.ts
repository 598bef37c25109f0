// The PGlite database on its own thread (see pglite-worker.ts): requests in, results out.
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite-instance.ts';

export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'close' };

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; code?: string; detail?: string } }
  /** A NOTIFY on a channel listened to; posted before the reply of the statement that committed it. */
  | { notification: { channel: string; payload: string } };

interface OpenTransaction {
  tx: Transaction;
  /** A statement failed: PostgreSQL has aborted the transaction, so COMMIT would silently roll back. */
  failed: boolean;
  finish(commit: boolean): void;
  done: Promise<void>;
}

const rollback = Symbol('rollback');
if (!parentPort) throw new Error('pglite-thread.ts runs as a worker thread');
const port = parentPort;

const { dataDir, fsync } = workerData as { dataDir: string; fsync: boolean };
const pg = await createPglite(dataDir, fsync);
const open = new Map<number, OpenTransaction>();

/** Runs a statement on the database or in an open transaction, noting a failure in the transaction. */
async function run<T>(
  tx: number | undefined,
  statement: (target: PGlite | Transaction) => Promise<T>,
): Promise<T> {
  if (tx === undefined) return statement(pg);
  const entry = open.get(tx);
  if (!entry) throw new Error(`transaction ${tx} is not open`);
  try {
    return await statement(entry.tx);
  } catch (error) {
    entry.failed = true;
    throw error;
  }
}

/** Opens a transaction and resolves once inside it; it ends when `finish` is called. */
function begin(id: number): Promise<void> {
  return new Promise((inside, failed) => {
    let finish: (commit: boolean) => void = () => {};
    const done = pg
      .transaction(
        (tx) =>
          new Promise<void>((resolve, reject) => {
            finish = (commit) => (commit ? resolve() : reject(rollback));
            open.set(id, { tx, failed: false, finish: (commit) => finish(commit), done });
            inside();
          }),
      )
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    done.catch(failed);
  });
}

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return (await run(request.tx, (target) => target.query(request.sql, request.params))).rows;
    case 'exec':
      await run(request.tx, (target) => target.exec(request.sql));
      return undefined;
    case 'begin':
      await begin(request.id);
      return request.id;
    case 'end': {
      const entry = open.get(request.tx);
      if (!entry) throw new Error(`transaction ${request.tx} is not open`);
      open.delete(request.tx);
      entry.finish(request.commit && !entry.failed);
      await entry.done;
      if (request.commit && entry.failed)
        throw new Error('the transaction was rolled back: a statement in it failed');
      return undefined;
    }
    case 'listen':
      await pg.listen(request.channel, (payload) =>
        port.postMessage({ notification: { channel: request.channel, payload } } satisfies ThreadReply),
      );
      return undefined;
    case 'close':
      await pg.close();
      return undefined;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ThreadReply),
    (error: unknown) => {
      const { message, code, detail } = error as { message?: string; code?: string; detail?: string };
      port.postMessage({
        id: request.id,
        ok: false,
        error: { message: message ?? String(error), code, detail },
      } satisfies ThreadReply);
    },
  );
});
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies ThreadReply);
