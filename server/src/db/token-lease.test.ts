import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../testing/databases.ts';
import type { Db } from './db.ts';
import { claimFirstDue, heldByAnyOf as heldByAny, tokenLease } from './token-lease.ts';

interface JobRow {
  id: string;
  state: string;
  claim_token: string | null;
  claimed_by: string | null;
  attempts: number;
  error: string | null;
  output: string | null;
}

const returning = 'id, state, claim_token::text AS claim_token, claimed_by, attempts, error, output';
const claimMs = 60_000;
const table = (name: string) => `CREATE TABLE ${name} (
  id text PRIMARY KEY, state text NOT NULL DEFAULT 'queued', output text, error text,
  claimed_until timestamptz, claim_token uuid, claimed_by text, attempts int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL, finished_at timestamptz)`;
const claimed = (row: JobRow | undefined) => ({ id: row?.id ?? '', claimToken: row?.claim_token ?? null });

describe.each(databases)('token lease on $name', (database) => {
  let db: Db;
  const at = (ms: number) => new Date(Date.UTC(2030, 0, 1) + ms);
  /** Queues `ids` in this order, a millisecond apart from time 0. */
  const queue = (name: string, ...ids: string[]) =>
    db.query(
      `INSERT INTO ${name} (id, created_at)
       SELECT id, $2::timestamptz + (n - 1) * interval '1 millisecond' FROM unnest($1::text[]) WITH ORDINALITY AS q (id, n)`,
      [ids, at(0)],
    );

  beforeAll(async () => {
    db = await database.open();
    await db.exec(`${table('lease_jobs')}; ${table('held_jobs')}`);
  });
  afterAll(() => db.close());

  it('claims the oldest queued row, renews and settles it only under its current token', async () => {
    const lease = tokenLease<JobRow>({
      table: 'lease_jobs',
      state: 'state',
      returning,
      claimMs,
      attempts: 3,
    });
    await queue('lease_jobs', 'a', 'b');

    const first = await lease.claim(db, at(0));
    expect(first).toMatchObject({ id: 'a', state: 'running', attempts: 1 });
    expect(await lease.claim(db, at(1000))).toMatchObject({ id: 'b' });
    expect(await lease.claim(db, at(1000))).toBeUndefined();

    expect(await lease.extend(db, claimed(first), at(claimMs - 1))).toBe(true);
    // Renewed: not free at the first claim's end, free once the renewal lapses.
    expect(await lease.claim(db, at(claimMs + 1))).toBeUndefined();
    const second = await lease.claim(db, at(2 * claimMs));
    expect(second).toMatchObject({ id: 'a', attempts: 2 });
    expect(second?.claim_token).not.toBe(first?.claim_token);

    expect(await lease.extend(db, claimed(first), at(2 * claimMs))).toBe(false);
    expect(await lease.finish(db, claimed(first), { output: 'stale' }, at(2 * claimMs))).toBe(false);
    expect(await lease.fail(db, claimed(first), 'stale', at(2 * claimMs))).toBe(false);
    expect(await lease.finish(db, claimed(second), { output: 'file' }, at(2 * claimMs))).toBe(true);
    expect(await lease.finish(db, claimed(second), { output: 'again' }, at(2 * claimMs))).toBe(false);

    const done = await db.one(
      `SELECT state, output, finished_at, claimed_until, claim_token FROM lease_jobs WHERE id = 'a'`,
    );
    expect(done).toEqual({
      state: 'done',
      output: 'file',
      finished_at: at(2 * claimMs),
      claimed_until: null,
      claim_token: null,
    });
  });

  it('fails a row whose claim lapsed on each attempt, and only once its last claim lapsed', async () => {
    const lease = tokenLease<JobRow>({
      table: 'lease_jobs',
      state: 'state',
      returning,
      claimMs,
      attempts: 2,
    });
    await db.query('DELETE FROM lease_jobs');
    await queue('lease_jobs', 'c');
    expect(await lease.claim(db, at(0))).toMatchObject({ id: 'c', attempts: 1 });
    expect(await lease.claim(db, at(claimMs + 1))).toMatchObject({ id: 'c', attempts: 2 });
    expect(await lease.failAbandoned(db, at(claimMs + 2))).toEqual([]);
    expect(await lease.claim(db, at(3 * claimMs))).toBeUndefined();

    const [given] = await lease.failAbandoned(db, at(3 * claimMs));
    expect(given).toMatchObject({
      id: 'c',
      state: 'failed',
      claim_token: null,
      error: 'stopped before it was written, 2 times',
    });
  });

  it('with a holder column: names the claimer, frees a dead one at once, and clears it when settled', async () => {
    const lease = tokenLease<JobRow>({
      table: 'held_jobs',
      state: 'state',
      returning,
      claimMs,
      attempts: 2,
      holder: { column: 'claimed_by', heldByAny },
    });
    await queue('held_jobs', 'd', 'e');
    const byDead = await lease.claim(db, at(0), { holder: 'dead', deadHolders: [] });
    expect(byDead).toMatchObject({ id: 'd', claimed_by: 'dead' });
    expect(await lease.claim(db, at(1), { holder: 'alive', deadHolders: ['dead'] })).toMatchObject({
      id: 'd',
      claimed_by: 'alive',
      attempts: 2,
    });
    const other = await lease.claim(db, at(1), { holder: 'dead', deadHolders: [] });
    expect(other).toMatchObject({ id: 'e' });
    expect(await lease.fail(db, claimed(other), 'broke', at(2))).toBe(true);
    expect(await db.one(`SELECT state, error, claimed_by FROM held_jobs WHERE id = 'e'`)).toEqual({
      state: 'failed',
      error: 'broke',
      claimed_by: null,
    });

    // Its claim has not lapsed, but its holder died on its last attempt.
    expect(await lease.failAbandoned(db, at(3), [])).toEqual([]);
    expect(await lease.failAbandoned(db, at(3), ['alive'])).toMatchObject([
      { id: 'd', state: 'failed', claimed_by: null },
    ]);
  });

  it('claims the first due row as the caller defines it', async () => {
    await db.exec(
      `CREATE TABLE plain_jobs (id text PRIMARY KEY, due boolean NOT NULL, rank int NOT NULL, taken boolean)`,
    );
    await db.exec(
      `INSERT INTO plain_jobs VALUES ('x', true, 2, null), ('y', true, 1, null), ('z', false, 0, null)`,
    );
    const claim = {
      table: 'plain_jobs',
      set: 'taken = $1',
      due: 'due AND taken IS NULL',
      orderBy: 'rank',
      returning: 'id',
    };
    expect(await claimFirstDue(db, claim, [true])).toEqual({ id: 'y' });
    expect(await claimFirstDue(db, claim, [true])).toEqual({ id: 'x' });
    expect(await claimFirstDue(db, claim, [true])).toBeUndefined();
  });
});
