import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, isUniqueViolation } from './db.ts';
import { migrate } from './migrate.ts';
import { openPgliteWorker } from './pglite-worker.ts';

describe('PGlite on a worker thread', () => {
  let dir: string;
  let db: Db;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pglite-worker-'));
    db = await openPgliteWorker(dir, { fsync: true });
    await migrate(db);
    await db.exec('CREATE TABLE worker_check (id integer PRIMARY KEY, at timestamptz, data bytea)');
  });
  afterAll(async () => {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('flushes each commit with fsync (PGlite by itself runs with fsync off)', async () => {
    expect(await db.one('SHOW fsync')).toEqual({ fsync: 'on' });
    // The one sync call the data directory's filesystem carries out (see pglite-instance.ts).
    expect(await db.one('SHOW wal_sync_method')).toEqual({ wal_sync_method: 'fsync' });
  });

  it('returns rows with their types: dates, bytes, numbers', async () => {
    const at = new Date('2026-11-22T08:00:00.123Z');
    await db.query('INSERT INTO worker_check (id, at, data) VALUES ($1, $2, $3)', [
      1,
      at,
      Buffer.from('héllo'),
    ]);
    const row = await db.one<{ id: number; at: Date; data: Uint8Array }>(
      'SELECT * FROM worker_check WHERE id = 1',
    );
    expect(row.id).toBe(1);
    expect(row.at.toISOString()).toBe(at.toISOString());
    expect(Buffer.from(row.data).toString()).toBe('héllo');
  });

  it('commits a transaction as a whole, and rolls back a failed one as a whole', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_check (id) VALUES (2)');
      await tx.query('INSERT INTO worker_check (id) VALUES (3)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO worker_check (id) VALUES (4)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const ids = await db.query<{ id: number }>('SELECT id FROM worker_check ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('tells a transaction how many statements from outside it wait for the connection', async () => {
    let outside: Promise<unknown> | undefined;
    const seen = await db.transaction(async (tx) => {
      const alone = tx.othersWaiting?.();
      outside = db.query('SELECT 1');
      await tx.query('SELECT pg_sleep(0.01)');
      return { alone, beside: tx.othersWaiting?.() };
    });
    await outside;
    expect(seen).toEqual({ alone: 0, beside: 1 });
    expect(db.othersWaiting?.()).toBe(0);
  });

  it('keeps PostgreSQL error codes, so a unique violation is recognised', async () => {
    const error = await db
      .query('INSERT INTO worker_check (id) VALUES (1)')
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    // A failed statement inside a transaction fails the transaction, and the database stays usable.
    await expect(
      db.transaction((tx) => tx.query('INSERT INTO worker_check (id) VALUES (2)')),
    ).rejects.toThrow();
    expect((await db.query('SELECT count(*)::int AS n FROM worker_check'))[0]).toEqual({ n: 3 });
  });

  it('does not report a commit when a statement in the transaction failed and was caught', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO worker_check (id) VALUES (20)');
        await tx.query('INSERT INTO worker_check (id) VALUES (1)').catch(() => {});
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await db.maybeOne('SELECT id FROM worker_check WHERE id = 20')).toBeUndefined();
  });

  it('lets statements outside a transaction wait for it, as one connection does', async () => {
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO worker_check (id) VALUES (10)');
      outside = db.query('SELECT count(*)::int AS n FROM worker_check');
      await tx.query('INSERT INTO worker_check (id) VALUES (11)');
    });
    expect(await outside).toEqual([{ n: 5 }]);
  });
});
