import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.ts';
import { testClock, useTestApp } from '../../testing/app.ts';
import { databases } from '../../testing/databases.ts';
import { engineAccount } from '../../testing/engine.ts';
import { createValidationJobStore } from './validation-job-store.ts';

/**
 * Addresses of the upload written by each statement, and by each transaction, through `db`;
 * `beforeFreeWrite` runs before each write made outside a transaction.
 */
function countingWrites(
  db: Db,
  { failAfterStatements = Number.POSITIVE_INFINITY, beforeFreeWrite = async () => {} } = {},
) {
  const perStatement: number[] = [];
  const perTransaction: number[] = [];
  const counted = (on: Db, onWrite: (count: number) => void, free: boolean): Db => ({
    ...on,
    query: async (sql, params) => {
      if (/INSERT INTO recipient_validation_addresses/.test(sql)) {
        if (free) await beforeFreeWrite();
        if (perStatement.length >= failAfterStatements) throw new Error('the connection broke');
        const count = (params?.[2] as unknown[] | undefined)?.length ?? 0;
        perStatement.push(count);
        onWrite(count);
      }
      return on.query(sql, params);
    },
  });
  const wrapped: Db = {
    ...counted(db, (count) => perTransaction.push(count), true),
    transaction: (fn) =>
      db.transaction((tx) => {
        const index = perTransaction.push(0) - 1;
        return fn(
          counted(
            tx,
            (count) => {
              perTransaction[index] = (perTransaction[index] ?? 0) + count;
            },
            false,
          ),
        );
      }),
  };
  return { db: wrapped, perStatement, perTransaction };
}

describe.each(databases)('a recipient validation list upload on $name', (database) => {
  const t = useTestApp(database);
  const viewer = (companyId: string) => ({ companyId, subaccountId: 0, isMaster: true });
  const addresses = Array.from({ length: 10_000 }, (_, n) => `user${n}@acme.test`);

  it('writes 10,000 addresses in short writes of at most 1,000, not one long transaction, the list hidden until done', async () => {
    const { companyId } = await engineAccount(t.app, t.db, 'upload-slices');
    const watching = createValidationJobStore(t.db, testClock());
    const seenWhileWriting: number[] = [];
    const writes = countingWrites(t.db, {
      beforeFreeWrite: async () => {
        seenWhileWriting.push((await watching.list(viewer(companyId))).length);
      },
    });
    const store = createValidationJobStore(writes.db, testClock());
    const job = await store.create(companyId, 0, 'list.csv', addresses);
    expect(job).not.toBe('tooMany');
    expect(Math.max(...writes.perStatement)).toBeLessThanOrEqual(1_000);
    expect(Math.max(...writes.perTransaction)).toBeLessThanOrEqual(1_000);
    expect(writes.perStatement.reduce((sum, count) => sum + count, 0)).toBe(10_000);
    expect(seenWhileWriting).toEqual(writes.perStatement.map(() => 0));
    expect(await watching.list(viewer(companyId))).toHaveLength(1);
    if (job === 'tooMany') return;
    expect(job).toMatchObject({ status: 'queued_for_batch', addressCount: 10_000 });
  });

  it('keeps nothing of an upload whose writing fails half way, and shows nothing of it meanwhile', async () => {
    const { companyId } = await engineAccount(t.app, t.db, 'upload-broken');
    const writes = countingWrites(t.db, { failAfterStatements: 4 });
    const store = createValidationJobStore(writes.db, testClock());
    await expect(store.create(companyId, 0, 'list.csv', addresses)).rejects.toThrow('the connection broke');
    const left = await t.db.one<{ jobs: number; addresses: number }>(
      `SELECT (SELECT count(*)::int FROM recipient_validation_jobs WHERE company_id = $1) AS jobs,
              (SELECT count(*)::int FROM recipient_validation_addresses a
                 JOIN recipient_validation_jobs j ON j.id = a.job_id WHERE j.company_id = $1) AS addresses`,
      [companyId],
    );
    expect(left).toEqual({ jobs: 0, addresses: 0 });
  });
  it('purges an upload its server abandoned half way, after an hour', async () => {
    const { companyId } = await engineAccount(t.app, t.db, 'upload-abandoned');
    const clock = testClock(new Date('2026-03-01T12:00:00Z'));
    for (const [id, minutesAgo] of [
      ['00000000-0000-4000-8000-00000000a001', 61],
      ['00000000-0000-4000-8000-00000000a002', 30],
    ] as const) {
      await t.db.query(
        `INSERT INTO recipient_validation_jobs
           (id, company_id, subaccount_id, original_filename, address_count, status, created_at, updated_at)
         VALUES ($1, $2, 0, 'list.csv', 10, 'uploading', $3, $3)`,
        [id, companyId, new Date(clock.now().getTime() - minutesAgo * 60_000)],
      );
    }
    const store = createValidationJobStore(t.db, clock);
    expect(await store.purgeUploadedBefore(new Date('2026-01-01T00:00:00Z'))).toBe(1);
    const left = await t.db.query<{ id: string }>(
      'SELECT id FROM recipient_validation_jobs WHERE company_id = $1',
      [companyId],
    );
    expect(left).toEqual([{ id: '00000000-0000-4000-8000-00000000a002' }]);
  });
});
