import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../../accounts/plans/plan-catalogue.ts';
import type { TestAccount } from '../../../testing/accounts.ts';
import { useImportTests } from '../../../testing/contact-imports.ts';
import { databases } from '../../../testing/databases.ts';

describe.each(databases)('contact imports applied on $name', (database) => {
  const harness = useImportTests(database);
  const { t, prepare, prepared, runAll, status, imported, contact, companyIdOf } = harness;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(() => {
    ({ a, b } = harness.accounts());
  });

  it('imports: invalid rows rejected with line and reason, in-file duplicates merged (the last wins), labels added', async () => {
    const vip = (await t.post('/v1/contacts/label', a.token, { name: 'Imported VIP' })).json().data;
    const csv = [
      'email,firstname,lastname,age',
      'one@example.test,One,First,20',
      'not-an-address,Bad,Row,1',
      '"ONE@example.test","Uno, the second",Last,21',
      'two@bücher.example,Zwei,,',
      'three@example.test,Three,,old',
      ',Nobody,,',
    ].join('\r\n');
    const done = await imported(a, csv, { labels: [vip.id] });
    expect(done).toMatchObject({
      state: 'done',
      total: 6,
      read: 6,
      processed: 6,
      added: 2,
      updated: 0,
      skipped: 1,
      failed: 3,
    });
    expect(await contact(a, 'one@example.test')).toMatchObject({
      firstname: 'Uno, the second',
      lastname: 'Last',
      fields: { age: 21 },
      status: 'subscribed',
      labels: [{ id: vip.id }],
    });
    expect(await contact(a, 'two@bücher.example')).toMatchObject({ firstname: 'Zwei' });
    const errors = await t.get(`/v1/contacts/import/${done.importId}/errors`, a.token);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.body.trim().split(/\r?\n/)).toEqual([
      'line,column,reason',
      '2,email,"Same address as line 4, whose values were kept"',
      '3,email,Not a valid email address',
      '6,age,Enter a number',
      '7,email,No email address',
    ]);
    const labels = (await t.getData('/v1/contacts/label?size=100', a.token)).items;
    expect(labels.find((label: { id: string }) => label.id === vip.id).members).toBe(2);
  });

  it('keeps tabs, backslashes, quotes and line breaks of a cell as they are, in built-in and custom fields', async () => {
    const note = await t.post('/v1/contacts/field', a.token, { name: 'Note', tag: 'note', type: 'text' });
    expect(note.statusCode, note.body).toBe(201);
    const cell = '"Back\\slash ""quoted""\tand\r\nmore \\N"';
    const csv = `email,firstname,lastname,note\nodd@example.test,"Tab\there",${cell},${cell}\n`;
    expect(await imported(a, csv)).toMatchObject({ state: 'done', added: 1, failed: 0 });
    const kept = 'Back\\slash "quoted"\tand\r\nmore \\N';
    expect(await contact(a, 'odd@example.test')).toMatchObject({
      firstname: 'Tab\there',
      lastname: kept,
      fields: { note: kept },
    });
  });

  it('modes: add only skips who is there, update only skips who is not; the same file twice changes nothing', async () => {
    const first = await imported(a, 'email,firstname\nmode1@example.test,First\n');
    expect(first).toMatchObject({ added: 1 });
    const add = await imported(a, 'email,firstname\nmode1@example.test,Changed\nmode2@example.test,New\n', {
      mode: 'add',
    });
    expect(add).toMatchObject({ added: 1, updated: 0, skipped: 1 });
    expect(await contact(a, 'mode1@example.test')).toMatchObject({ firstname: 'First' });
    const update = await imported(
      a,
      'email,firstname\nmode1@example.test,Changed\nmode3@example.test,Nobody\n',
      {
        mode: 'update',
      },
    );
    expect(update).toMatchObject({ added: 0, updated: 1, skipped: 1 });
    expect(await contact(a, 'mode3@example.test')).toBeUndefined();
    const again = await imported(a, 'email,firstname\nmode1@example.test,Changed\nmode2@example.test,New\n');
    expect(again).toMatchObject({ added: 0, updated: 0, skipped: 2, failed: 0 });
  });

  it('empty cells keep a value by default, or clear it when asked', async () => {
    await imported(a, 'email,firstname,lastname,age\nempty@example.test,Em,Pty,40\n');
    await imported(a, 'email,firstname,lastname,age\nempty@example.test,,Changed,\n');
    expect(await contact(a, 'empty@example.test')).toMatchObject({
      firstname: 'Em',
      lastname: 'Changed',
      fields: { age: 40 },
    });
    await imported(a, 'email,firstname,age\nempty@example.test,,\n', { emptyCells: 'clear' });
    const cleared = await contact(a, 'empty@example.test');
    expect(cleared).toMatchObject({ firstname: null, lastname: 'Changed' });
    expect(cleared.fields.age).toBeUndefined();
  });

  it('never resubscribes: an unsubscribed contact stays so, a suppressed address comes in unsubscribed', async () => {
    await imported(a, 'email\nleft@example.test\n');
    const left = await contact(a, 'left@example.test');
    await t.call('PATCH', `/v1/contacts/${left.id}`, a.token, {});
    await t.db.query("UPDATE contacts SET status = 'unsubscribed' WHERE id = $1", [left.id]);
    await t.engine.suppressions.add([
      {
        companyId: await companyIdOf(a),
        subaccountId: 0,
        recipient: 'blocked@example.test',
        type: 'non_transactional',
        source: 'Manually Added',
      },
    ]);
    await imported(a, 'email,firstname\nleft@example.test,Back\nblocked@example.test,Blocked\n');
    expect(await contact(a, 'left@example.test')).toMatchObject({
      status: 'unsubscribed',
      firstname: 'Back',
    });
    expect(await contact(a, 'blocked@example.test')).toMatchObject({ status: 'unsubscribed' });
  });

  it("keeps the Contact Book's totals as the imports left the contacts, each status counted", async () => {
    const totalOf = async (query: string) => (await t.getData(`/v1/contacts${query}`, a.token)).total;
    const counted = async (status: string | null) =>
      (
        await t.db.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM contacts WHERE company_id = $1 AND ($2::text IS NULL OR status = $2)',
          [await companyIdOf(a), status],
        )
      ).count;
    await imported(a, 'email\ntotals1@example.test\ntotals2@example.test\n');
    expect(await totalOf('')).toBe(await counted(null));
    expect(await totalOf('?status=subscribed')).toBe(await counted('subscribed'));
    expect(await totalOf('?status=unsubscribed')).toBe(await counted('unsubscribed'));
    expect(await counted('unsubscribed')).toBeGreaterThan(0);
  });

  it('one import runs at a time; the plan contact limit stops new contacts with its message', async () => {
    const one = await prepared(b, 'one.csv', 'email\nx1@example.test\n');
    const two = await prepared(b, 'two.csv', 'email\nx2@example.test\n');
    expect(
      (
        await t.post('/v1/contacts/import/start', b.token, {
          importId: one.importId,
          mapping: one.suggestedMapping,
        })
      ).statusCode,
    ).toBe(202);
    const busy = await t.post('/v1/contacts/import/start', b.token, {
      importId: two.importId,
      mapping: two.suggestedMapping,
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'state', message: 'A previous import is not finished yet' });
    expect((await prepare(b, 'three.csv', 'email\nx3@example.test\n')).json()).toMatchObject({
      code: 'state',
    });
    await runAll();

    await setCompanyLimit(t.db, await companyIdOf(b), 'contactLimit', 3);
    const capped = await imported(b, 'email\ny1@example.test\ny2@example.test\ny3@example.test\n');
    expect(capped).toMatchObject({ added: 2, failed: 1 });
    const errors = await t.get(`/v1/contacts/import/${capped.importId}/errors`, b.token);
    expect(errors.body).toContain('4,email,Contact limit exceeded');
    const full = await prepared(b, 'full.csv', 'email\nz@example.test\n');
    const refused = await t.post('/v1/contacts/import/start', b.token, {
      importId: full.importId,
      mapping: full.suggestedMapping,
    });
    expect(refused.json()).toMatchObject({ code: 'quotaExceeded', message: 'Contact limit exceeded' });
    await setCompanyLimit(t.db, await companyIdOf(b), 'contactLimit', null);
  });

  it('takes rows without an address only with the custom import without email toggle, matching them by phone', async () => {
    const csv = [
      'firstname,phone',
      'Nadia,+351 900 000 001',
      'Omar,+351 900 000 002',
      'Omar again,+351-900-000-002',
      'Nobody,n/a',
    ].join('\n');
    const ready = await prepared(b, 'phones.csv', csv);
    const refused = await t.post('/v1/contacts/import/start', b.token, {
      importId: ready.importId,
      mapping: ready.suggestedMapping,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().payload).toMatchObject({ field: 'mapping' });

    const companyB = await companyIdOf(b);
    await t.accounts.companies.setToggle(companyB, 'customImportWithoutEmail', true);
    try {
      const nothingToMatch = await t.post('/v1/contacts/import/start', b.token, {
        importId: (await prepared(b, 'names.csv', 'firstname\nNo one\n')).importId,
        mapping: { firstname: 'firstname' },
      });
      expect(nothingToMatch.statusCode).toBe(400);
      expect(nothingToMatch.json().payload).toMatchObject({ field: 'mapping' });

      const first = await imported(b, csv);
      // "Omar again" is the same phone as "Omar", written another way; "n/a" is no phone.
      expect(first).toMatchObject({ state: 'done', added: 2, skipped: 1, failed: 1 });
      const rejected = (await t.get(`/v1/contacts/import/${first.importId}/errors`, b.token)).body;
      expect(rejected).toContain('5,phone,No email address or phone number');
      const again = await imported(b, csv);
      expect(again).toMatchObject({ state: 'done', added: 0, updated: 0, skipped: 3, failed: 1 });
      const omar = await t.getData('/v1/contacts?search=Omar', b.token);
      expect(omar.items).toHaveLength(1);
      expect(omar.items[0]).toMatchObject({
        email: null,
        firstname: 'Omar again',
        phone: '+351-900-000-002',
      });
      const renamed = await imported(b, 'phone,firstname\n+351900000002,Omar\n');
      expect(renamed).toMatchObject({ state: 'done', added: 0, updated: 1 });
      const withAddress = await imported(b, 'email,firstname\nmixed@example.test,Mixed\n,Blank\n');
      expect(withAddress).toMatchObject({ state: 'done', added: 1, failed: 1 });

      // Whether rows without an address are kept is decided when the import starts.
      const late = await prepared(b, 'late.csv', 'phone,firstname\n+351 900 000 009,Late\n');
      await t.post('/v1/contacts/import/start', b.token, {
        importId: late.importId,
        mapping: late.suggestedMapping,
      });
      await t.accounts.companies.setToggle(companyB, 'customImportWithoutEmail', false);
      await runAll();
      expect(await status(b, late.importId)).toMatchObject({ state: 'done', added: 1 });
    } finally {
      await t.accounts.companies.setToggle(companyB, 'customImportWithoutEmail', false);
    }
    const blank = await imported(b, 'email,firstname\n,Blank again\n');
    expect(blank).toMatchObject({ state: 'done', added: 0, failed: 1 });
  });
});
