import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { channelHandlers, createDb, type Db, type Queryable } from './db.ts';

export interface PostgresOptions {
  /** Schema to use instead of public (tests give each run its own). */
  searchPath?: string;
  onError?: (error: Error) => void;
}

export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Db> {
  const settings = {
    connectionString: url,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  };
  const pool = new pg.Pool(settings);
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => options.onError?.(error));
  await pool.query('SELECT 1');

  // One connection of its own LISTENs for every channel; opened with the first listen().
  let listener: Promise<pg.Client> | undefined;
  const connectListener = async () => {
    const client = new pg.Client(settings);
    client.on('notification', (message) => channels.deliver(message.channel, message.payload ?? ''));
    // A lost listener only delays invalidation: the caches it serves also expire on their own.
    client.on('error', (error) => options.onError?.(error));
    await client.connect();
    return client;
  };
  const channels = channelHandlers((channel) => {
    // One statement at a time on that connection: each LISTEN waits for the one before.
    listener = (listener ?? connectListener()).then(async (client) => {
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return client;
    });
    return listener.then(
      () => undefined,
      (error: Error) => options.onError?.(error),
    );
  });

  return createDb({
    ...queryable(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    listen: channels.listen,
    close: async () => {
      const client = await listener?.catch(() => undefined); // its failure was reported when it happened
      await client?.end();
      await pool.end();
    },
  });
}

function queryable(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async (sql, params) => (await target.query(sql, params)).rows,
    exec: async (sql) => {
      await target.query(sql);
    },
    copyFrom: async (sql, lines) => {
      if (!(target instanceof pg.Pool)) {
        await pipeline(Readable.from(lines), target.query(copyFromStdin(sql)));
        return;
      }
      const client = await target.connect();
      try {
        await pipeline(Readable.from(lines), client.query(copyFromStdin(sql)));
        client.release();
      } catch (error) {
        // A connection a COPY failed on is closed, not handed to the next query.
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    },
  };
}
