export type Row = Record<string, unknown>;

/** What a driver provides; `Db` adds the helpers on top. */
export interface Queryable {
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements at once, without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Streams `lines` (COPY's text format) into a `COPY ... FROM STDIN` statement; only PostgreSQL has
   * it (PGlite's COPY reads a file, not a stream), so callers fall back to INSERT when it is absent.
   */
  copyFrom?(sql: string, lines: AsyncIterable<string>): Promise<void>;
  /**
   * How many statements of this process wait for, or run on, the database besides the caller's own
   * (those of a transaction included); only where the whole process shares one connection (PGlite on
   * its thread), so that long work can give way when someone waits and run on when nobody does.
   */
  othersWaiting?(): number;
}

export interface Db extends Queryable {
  one<T extends object = Row>(sql: string, params?: unknown[]): Promise<T>;
  maybeOne<T extends object = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Inside `fn`, use only `tx`: PGlite has one connection, so the outer Db would wait for the transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from this process or any other on
   * the same database, once the notifying transaction has committed. For cache invalidation.
   * Resolves once the channel is listened to: a NOTIFY sent before then is not seen here. A LISTEN
   * that fails resolves too (the driver reports it): the caches it serves also expire on their own.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

interface Driver extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  listen: Db['listen'];
  close(): Promise<void>;
}

export function createDb(driver: Driver): Db {
  return withHelpers(
    driver,
    (fn) => driver.transaction((tx) => fn(transactionDb(tx, driver.listen))),
    driver.listen,
    () => driver.close(),
  );
}

function transactionDb(tx: Queryable, listen: Db['listen']): Db {
  const db: Db = withHelpers(
    tx,
    (fn) => fn(db),
    listen,
    async () => {},
  );
  return db;
}

function withHelpers(
  base: Queryable,
  transaction: Db['transaction'],
  listen: Db['listen'],
  close: Db['close'],
): Db {
  const maybeOne = async <T extends object = Row>(
    sql: string,
    params?: unknown[],
  ): Promise<T | undefined> => {
    const rows = await base.query<T>(sql, params);
    return rows[0];
  };
  return {
    query: (sql, params) => base.query(sql, params),
    exec: (sql) => base.exec(sql),
    ...(base.copyFrom ? { copyFrom: base.copyFrom } : {}),
    ...(base.othersWaiting ? { othersWaiting: base.othersWaiting } : {}),
    maybeOne,
    one: async <T extends object = Row>(sql: string, params?: unknown[]) => {
      const row = await maybeOne<T>(sql, params);
      if (!row) throw new Error(`Expected one row from: ${sql.slice(0, 80)}`);
      return row;
    },
    transaction,
    listen,
    close,
  };
}

/**
 * Waits for statements of one transaction that were sent without waiting for each other's answers
 * (a connection runs them one at a time, in the order sent: one round trip instead of one each).
 * Resolves once every one has run; a failure is thrown only then, so nothing of the transaction is
 * still in flight when it is rolled back.
 */
export async function pipelined(statements: ReadonlyArray<Promise<unknown> | undefined>): Promise<void> {
  const outcomes = await Promise.allSettled(statements);
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** Sends `payload` to the listeners of `channel` in every process (at commit when `db` is a transaction). */
export async function notify(db: Queryable, channel: string, payload: string): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/**
 * Handlers by channel, for a driver that LISTENs once per channel (`startListening`, settled once
 * the LISTEN has run or failed) and hands each notification here.
 */
export function channelHandlers(startListening: (channel: string) => Promise<void>) {
  const handlers = new Map<string, Array<(payload: string) => void>>();
  const listening = new Map<string, Promise<void>>();
  return {
    listen(channel: string, handler: (payload: string) => void): Promise<void> {
      const list = handlers.get(channel);
      if (list) list.push(handler);
      else {
        handlers.set(channel, [handler]);
        listening.set(channel, startListening(channel));
      }
      return listening.get(channel) as Promise<void>;
    },
    deliver(channel: string, payload: string): void {
      for (const handler of handlers.get(channel) ?? []) handler(payload);
    },
  };
}
