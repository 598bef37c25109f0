export type Row = Record<string, unknown>;

/** What a driver provides; `Db` adds the helpers on top. */
export interface Queryable {
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements at once, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  one<T extends object = Row>(sql: string, params?: unknown[]): Promise<T>;
  maybeOne<T extends object = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Inside `fn`, use only `tx`: PGlite has one connection, so the outer Db would wait for the transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface Driver extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDb(driver: Driver): Db {
  return withHelpers(
    driver,
    (fn) => driver.transaction((tx) => fn(transactionDb(tx))),
    () => driver.close(),
  );
}

function transactionDb(tx: Queryable): Db {
  const db: Db = withHelpers(
    tx,
    (fn) => fn(db),
    async () => {},
  );
  return db;
}

function withHelpers(base: Queryable, transaction: Db['transaction'], close: Db['close']): Db {
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
    maybeOne,
    one: async <T extends object = Row>(sql: string, params?: unknown[]) => {
      const row = await maybeOne<T>(sql, params);
      if (!row) throw new Error(`Expected one row from: ${sql.slice(0, 80)}`);
      return row;
    },
    transaction,
    close,
  };
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
