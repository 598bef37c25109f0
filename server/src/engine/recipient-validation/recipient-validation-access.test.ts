import { describe, expect, it } from 'vitest';
import { databases } from '../../testing/databases.ts';
import { engineAccount, engineCall, subaccountWithKey } from '../../testing/engine.ts';
import { useRecipientValidation } from '../../testing/recipient-validation-suite.ts';
import { createValidationJobStore, validationListKeptDays } from './validation-job-store.ts';

describe.each(databases)('recipient validation on $name', (database) => {
  const { t, upload, call, state } = useRecipientValidation(database);

  it("keeps each company's and each subaccount's lists to themselves", async () => {
    const { a, b, keyA, keyB } = state();
    const mine = (await upload('jane@acme.test\n')).json().results;
    const other = keyB;
    for (const url of [
      `/recipient-validation/job/${mine.list_id}`,
      `/recipient-validation/job/${mine.list_id}/results`,
    ]) {
      const answer = await engineCall(t.app, b, 'GET', url, undefined, { authorization: other });
      expect(answer.statusCode, url).toBe(404);
    }
    const trigger = await engineCall(
      t.app,
      b,
      'POST',
      `/recipient-validation/trigger/${mine.list_id}`,
      undefined,
      {
        authorization: other,
      },
    );
    expect(trigger.statusCode).toBe(404);
    const theirs = (
      await engineCall(t.app, b, 'GET', '/recipient-validation/list', undefined, { authorization: other })
    ).json().results;
    expect(theirs).toEqual([]);
    // b's refusal started nothing.
    expect((await call('GET', `/recipient-validation/job/${mine.list_id}`)).json().results.batch_status).toBe(
      'queued_for_batch',
    );

    const first = await subaccountWithKey(t.app, a, 'validation-first');
    const second = await subaccountWithKey(t.app, a, 'validation-second');
    const ofFirst = (await upload('jane@acme.test\n', keyA, { subaccount: first.id })).json().results;
    expect(ofFirst.subaccount_id).toBe(first.id);
    expect(
      (await call('GET', `/recipient-validation/job/${ofFirst.list_id}`, keyA, second.id)).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/recipient-validation/job/${ofFirst.list_id}`, keyA, first.id)).statusCode,
    ).toBe(200);
    const seenBySecond = (await call('GET', '/recipient-validation/list', keyA, second.id)).json().results;
    expect(seenBySecond).toEqual([]);
    // The master, acting for no subaccount, sees every account's lists.
    const seenByMaster = (await call('GET', '/recipient-validation/list')).json().results;
    expect(seenByMaster.map((one: { list_id: string }) => one.list_id)).toEqual(
      expect.arrayContaining([mine.list_id, ofFirst.list_id]),
    );
  });

  it('purges exactly the lists uploaded before the cut-off, with all their addresses', async () => {
    const store = createValidationJobStore(t.db, t.clock);
    const owner = await engineAccount(t.app, t.db, 'validation-purge');
    const many = Array.from({ length: 12_001 }, (_, index) => `user${index}@acme.test`);
    const old = await store.create(owner.companyId, 0, 'old.csv', many);
    const older = await store.create(owner.companyId, 0, 'older.csv', ['jane@acme.test']);
    t.clock.advance(60_000);
    const cutOff = t.clock.now();
    const fresh = await store.create(owner.companyId, 0, 'fresh.csv', ['joe@acme.test', 'ann@acme.test']);
    if (old === 'tooMany' || older === 'tooMany' || fresh === 'tooMany') throw new Error('too many lists');

    const expired = async () =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM recipient_validation_jobs WHERE created_at < $1',
          [cutOff],
        )
      ).count;
    const due = await expired();
    expect(due).toBeGreaterThanOrEqual(2);
    expect(await store.purgeUploadedBefore(cutOff)).toBe(due);
    expect(await expired()).toBe(0);
    const left = await t.db.query<{ id: string; addresses: number }>(
      `SELECT j.id, (SELECT count(*)::int FROM recipient_validation_addresses a WHERE a.job_id = j.id) AS addresses
       FROM recipient_validation_jobs j WHERE j.company_id = $1`,
      [owner.companyId],
    );
    expect(left).toEqual([{ id: fresh.id, addresses: 2 }]);
    const orphans = await t.db.one<{ count: number }>(
      'SELECT count(*)::int AS count FROM recipient_validation_addresses WHERE job_id = ANY($1::uuid[])',
      [[old.id, older.id]],
    );
    expect(orphans.count).toBe(0);
  });

  it('answers 404 for an unknown list id in any form', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const answer = await call('GET', `/recipient-validation/job/${id}`);
      expect(answer.statusCode, id).toBe(404);
      expect(answer.json().errors[0]).toMatchObject({ message: 'resource not found' });
    }
  });

  it('keeps a company to a number of lists, and forgets lists past their keeping time', async () => {
    const store = createValidationJobStore(t.db, t.clock, 1);
    const fresh = await engineAccount(t.app, t.db, 'validation-cap');
    const first = await store.create(fresh.companyId, 0, 'one.csv', ['jane@acme.test']);
    expect(first).toMatchObject({ addressCount: 1, status: 'queued_for_batch' });
    expect(await store.create(fresh.companyId, 0, 'two.csv', ['jane@acme.test'])).toBe('tooMany');

    const kept = (await upload('jane@acme.test\n')).json().results;
    t.clock.advance(validationListKeptDays * 24 * 60 * 60_000 + 1);
    const before = new Date(t.clock.now().getTime() - validationListKeptDays * 24 * 60 * 60_000);
    expect(await store.purgeUploadedBefore(before)).toBeGreaterThan(0);
    expect((await call('GET', `/recipient-validation/job/${kept.list_id}`)).statusCode).toBe(404);
  });
});
