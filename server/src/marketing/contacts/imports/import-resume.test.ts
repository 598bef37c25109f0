import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClaimHolder } from '../../../db/token-lease.ts';
import { marketingEngineOf } from '../../../engine/interfaces.ts';
import type { TestAccount } from '../../../testing/accounts.ts';
import { useImportTests } from '../../../testing/contact-imports.ts';
import { databases } from '../../../testing/databases.ts';
import { companyDoorOf } from '../../company-door.ts';
import { createImportRunner } from './import-runner.ts';

describe.each(databases)('contact imports resumed and cleaned up on $name', (database) => {
  const harness = useImportTests(database);
  const { t, prepared, runner, runAll, status, imported, companyIdOf } = harness;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(() => {
    ({ a, b } = harness.accounts());
  });

  /** Starts an import of 3,000 new addresses beginning with `prefix` (several slices); its prepare answer. */
  const startedImport = async (prefix: string) => {
    const rows = Array.from({ length: 3000 }, (_, index) => `${prefix}${index}@example.test,N${index}`);
    const ready = await prepared(a, `${prefix}.csv`, ['email,firstname', ...rows].join('\n'));
    const started = await t.post('/v1/contacts/import/start', a.token, {
      importId: ready.importId,
      mapping: ready.suggestedMapping,
    });
    expect(started.statusCode, started.body).toBe(202);
    return ready;
  };
  /** How many of the company's contacts have addresses beginning with `prefix`. */
  const countOf = async (prefix: string) =>
    (
      await t.db.one<{ count: number }>(
        'SELECT count(*)::int AS count FROM contacts WHERE company_id = $1 AND email LIKE $2',
        [await companyIdOf(a), `${prefix}%@example.test`],
      )
    ).count;

  /** A worker's `alive` that stops it after its second slice, as a killed process would stop. */
  const stopsAfterSecondSlice = () => {
    let slices = 0;
    return () => {
      slices += 1;
      return slices < 2;
    };
  };

  /** The import of {@link startedImport} ended with every row once: its counters and its contacts. */
  const expectWhole = async (prefix: string, importId: string) => {
    expect(await status(a, importId)).toMatchObject({
      state: 'done',
      read: 3000,
      processed: 3000,
      added: 3000,
      failed: 0,
    });
    expect(await countOf(prefix)).toBe(3000);
  };

  it('resumes an import whose worker stopped mid-way, with no duplicate and no lost row', async () => {
    const ready = await startedImport('resume');
    // This worker stops after its second slice, as a killed process would (its claim stays until it lapses).
    await runner(stopsAfterSecondSlice()).runDue();
    const halfway = await status(a, ready.importId);
    expect(halfway.state).toBe('running');
    expect(halfway.read).toBeGreaterThan(0);
    expect(await runner().runDue()).toBe(0);
    t.clock.advance(31_000);
    await runAll();
    await expectWhole('resume', ready.importId);
  });

  it("keeps a running import's staged rows when another company's import ends", async () => {
    const ready = await startedImport('kept');
    await runner(stopsAfterSecondSlice()).runDue();
    const staged = async () =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM contact_import_rows WHERE import_id = $1',
          [ready.importId],
        )
      ).count;
    const before = await staged();
    expect(before).toBeGreaterThan(0);
    expect(await imported(b, 'email\nneighbour@example.test\n')).toMatchObject({ state: 'done', added: 1 });
    expect(await staged()).toBe(before);
    t.clock.advance(31_000);
    await runAll();
    await expectWhole('kept', ready.importId);
  });

  it('takes an import held by a worker process found dead up at once, not one held by a live process', async () => {
    const ready = await startedImport('held');
    const holder = (id: string, dead: string[] = []): ClaimHolder => ({
      id: () => id,
      deadHolders: () => dead,
    });
    const claimedBy = async () =>
      (
        await t.db.one<{ claimed_by: string | null }>(
          'SELECT claimed_by FROM contact_imports WHERE id = $1',
          [ready.importId],
        )
      ).claimed_by;
    // The process 'first' stops after its second slice, as a killed one would: its claim names it.
    await runner(stopsAfterSecondSlice(), holder('first')).runDue();
    expect((await status(a, ready.importId)).state).toBe('running');
    expect(await claimedBy()).toBe('first');
    // While 'first' lives, its claim holds until it lapses (no time passes here)...
    expect(await runner(undefined, holder('second', ['gone'])).runDue()).toBe(0);
    expect(await runner().runDue()).toBe(0);
    // ...once it is found dead, another process takes the import up at once and ends it.
    expect(await runner(undefined, holder('second', ['first'])).runDue()).toBe(1);
    await expectWhole('held', ready.importId);
    expect(await claimedBy()).toBeNull();
  });

  it('stops a worker whose import another process ended meanwhile: nothing more is applied', async () => {
    const ready = await startedImport('ended');
    const engine = marketingEngineOf(t.engine);
    // Another worker fails the import while this one asks the engine about its first slice to apply.
    const stale = createImportRunner({
      db: t.db,
      clock: t.clock,
      company: companyDoorOf(t.accounts.companies),
      engine: {
        ...engine,
        async suppressedForMarketing(companyId, addresses) {
          await t.db.query(
            "UPDATE contact_imports SET state = 'failed', error = 'ended elsewhere' WHERE id = $1",
            [ready.importId],
          );
          return engine.suppressedForMarketing(companyId, addresses);
        },
      },
    });
    expect(await stale.runDue()).toBe(1);
    expect(await status(a, ready.importId)).toMatchObject({ state: 'failed', processed: 0, added: 0 });
    expect(await countOf('ended')).toBe(0);
  });

  it('removes an import prepared a day ago and never started, with its file', async () => {
    const ready = await prepared(a, 'forgotten.csv', 'email\nforgotten@example.test\n');
    const row = await t.db.one<{ file_path: string }>('SELECT file_path FROM contact_imports WHERE id = $1', [
      ready.importId,
    ]);
    expect(await runner().purgeUnstarted()).toBe(0);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(await runner().purgeUnstarted()).toBeGreaterThanOrEqual(1);
    expect(existsSync(row.file_path)).toBe(false);
    expect((await t.get(`/v1/contacts/import/status/${ready.importId}`, a.token)).statusCode).toBe(404);
  });

  it('deletes the file and the staged rows when the import ends', async () => {
    const done = await imported(a, 'email\ngone@example.test\n');
    const staged = await t.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM contact_import_rows WHERE import_id = $1',
      [done.importId],
    );
    expect(staged.count).toBe(0);
    // No other import runs: the staging table's space is given back, not left to a vacuum.
    const space = await t.db.one<{ bytes: string }>(
      "SELECT pg_relation_size('contact_import_rows')::text AS bytes",
    );
    expect(space.bytes).toBe('0');
    const row = await t.db.one<{ file_path: string }>('SELECT file_path FROM contact_imports WHERE id = $1', [
      done.importId,
    ]);
    expect(existsSync(row.file_path)).toBe(false);
  });
});
