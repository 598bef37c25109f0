import { existsSync } from 'node:fs';
import type { ImportStatus } from '@app/contract/marketing/contact-imports';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { setCompanyLimit } from '../../../accounts/plans/plan-catalogue.ts';
import type { ClaimHolder } from '../../../db/token-lease.ts';
import { marketingEngineOf } from '../../../engine/interfaces.ts';
import { signUp, type TestAccount } from '../../../testing/accounts.ts';
import { useTestApp } from '../../../testing/app.ts';
import { databases } from '../../../testing/databases.ts';
import { multipart } from '../../../testing/multipart.ts';
import { companyDoorOf } from '../../company-door.ts';
import { createImportRunner } from './import-runner.ts';

type Status = ImportStatus;

describe.each(databases)('contact imports on $name', (database) => {
  const t = useTestApp(database);
  let a: TestAccount;
  let b: TestAccount;

  const prepare = (account: TestAccount, name: string, bytes: Buffer | string) => {
    const body = multipart([{ name, bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes }]);
    return t.app.inject({
      method: 'POST',
      url: '/v1/contacts/import/prepare',
      headers: { ...body.headers, authorization: `Bearer ${account.token}` },
      payload: body.payload,
    });
  };
  const prepared = async (account: TestAccount, name: string, bytes: Buffer | string) => {
    const response = await prepare(account, name, bytes);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data;
  };
  const runner = (alive?: () => boolean, holder?: ClaimHolder) =>
    createImportRunner({
      db: t.db,
      clock: t.clock,
      engine: marketingEngineOf(t.engine),
      company: companyDoorOf(t.accounts.companies),
      ...(alive ? { alive } : {}),
      ...(holder ? { holder } : {}),
    });
  const runAll = async () => {
    while ((await runner().runDue()) > 0) {
      // until no import is due
    }
  };
  const status = async (account: TestAccount, id: string): Promise<Status> =>
    t.getData(`/v1/contacts/import/status/${id}`, account.token);
  /** Prepares, starts and runs an import to its end; its final status. */
  const imported = async (
    account: TestAccount,
    csv: string | Buffer,
    start: object = {},
    name = 'contacts.csv',
  ) => {
    const ready = await prepared(account, name, csv);
    const started = await t.post('/v1/contacts/import/start', account.token, {
      importId: ready.importId,
      mapping: ready.suggestedMapping,
      ...start,
    });
    expect(started.statusCode, started.body).toBe(202);
    await runAll();
    return status(account, ready.importId);
  };
  const contact = async (account: TestAccount, email: string) =>
    (await t.call('GET', `/v1/contacts/find?email=${encodeURIComponent(email)}`, account.token)).json().data;
  const companyIdOf = async (account: TestAccount) =>
    (await t.db.one<{ company_id: string }>('SELECT company_id FROM users WHERE email = $1', [account.email]))
      .company_id;

  beforeAll(async () => {
    a = await signUp(t.app, t.db, 'imports-a', 'Import A');
    b = await signUp(t.app, t.db, 'imports-b', 'Import B');
    // Room for the resume test's 3,000 rows (a free plan holds fewer).
    await setCompanyLimit(t.db, await companyIdOf(a), 'contactLimit', 100_000);
    expect(
      (await t.post('/v1/contacts/field', a.token, { name: 'Age', tag: 'age', type: 'number' })).statusCode,
    ).toBe(201);
  });

  it('prepares a file: encoding, delimiter, header, preview and a suggested mapping', async () => {
    const csv =
      '\uFEFFE-mail;First Name;Surname;Age;Notes\r\nana@example.test;Ana;"Silva; Jr";31;x\r\nbo@example.test;Bo;;;\r\n';
    const ready = await prepared(a, 'list.csv', csv);
    expect(ready).toMatchObject({
      encoding: 'utf-8',
      delimiter: ';',
      headers: ['E-mail', 'First Name', 'Surname', 'Age', 'Notes'],
      preview: [
        ['ana@example.test', 'Ana', 'Silva; Jr', '31', 'x'],
        ['bo@example.test', 'Bo', '', '', ''],
      ],
      suggestedMapping: {
        'E-mail': 'email',
        'First Name': 'firstname',
        Surname: 'lastname',
        Age: 'age',
        Notes: 'skip',
      },
    });
  });

  it('reads UTF-16 and Latin-1 files, tab and pipe delimiters', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('email\tname\nzoë@example.test\tZoë\n', 'utf16le'),
    ]);
    expect(await prepared(a, 'u16.csv', utf16)).toMatchObject({ encoding: 'utf-16le', delimiter: '\t' });
    const latin1 = Buffer.from('email|firstname\njosé@example.test|José\n', 'latin1');
    const ready = await prepared(a, 'latin.csv', latin1);
    expect(ready).toMatchObject({
      encoding: 'windows-1252',
      delimiter: '|',
      preview: [['josé@example.test', 'José']],
    });
  });

  it('reads an Excel workbook as its first sheet', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('People').addRows([
      ['Email', 'First name'],
      ['xl@example.test', 'Excel'],
    ]);
    const ready = await prepared(a, 'people.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(ready).toMatchObject({
      headers: ['Email', 'First name'],
      preview: [['xl@example.test', 'Excel']],
      suggestedMapping: { Email: 'email', 'First name': 'firstname' },
    });
  });

  it('refuses a file with each of §8 import errors, and keeps nothing of it', async () => {
    const refusal = async (name: string, bytes: Buffer | string) => {
      const response = await prepare(a, name, bytes);
      expect(response.statusCode, response.body).toBe(400);
      return response.json();
    };
    expect(await refusal('a.csv', 'ana@example.test,Ana\nbo@example.test,Bo\n')).toMatchObject({
      code: 'importHeader',
      message: 'The import file has no header',
    });
    expect(await refusal('a.csv', 'email,firstname\n')).toMatchObject({
      code: 'importData',
      message: 'The import file has no data',
    });
    expect(await refusal('a.csv', '')).toMatchObject({ code: 'importData' });
    expect(await refusal('a.csv', 'email:firstname\nana@example.test:Ana\n')).toMatchObject({
      code: 'importFormat',
      message: 'The import file delimiter is not supported',
    });
    expect(
      await refusal('a.csv', Buffer.from([0x65, 0x6d, 0x01, 0x02, 0x03, 0x0a, 0x00, 0xff, 0x10])),
    ).toMatchObject({
      code: 'importFormat',
      message: 'The import file has an unknown encoding',
    });
    expect(await refusal('a.xlsx', 'not a workbook')).toMatchObject({
      code: 'importFormat',
      message: 'The import file is not a valid Excel file',
    });
    expect(await refusal('a.pdf', '%PDF-1.4')).toMatchObject({ code: 'importFormat' });
    expect(await refusal('a.csv', 'email,email\nana@example.test,x\n')).toMatchObject({
      code: 'importHeader',
    });
    const history = await t.getData('/v1/contacts/import/history', a.token);
    expect(history.items.every((item: { fileName: string }) => item.fileName !== 'a.csv')).toBe(true);
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

  it('checks the mapping: one column to email, known tags, no tag twice', async () => {
    const ready = await prepared(a, 'map.csv', 'email,name\nm@example.test,M\n');
    const refused = async (mapping: object) =>
      (await t.post('/v1/contacts/import/start', a.token, { importId: ready.importId, mapping })).json();
    expect(await refused({ email: 'skip', name: 'firstname' })).toMatchObject({
      payload: { field: 'mapping' },
    });
    expect(await refused({ email: 'email', name: 'nosuch' })).toMatchObject({
      payload: { field: 'mapping.name' },
    });
    expect(await refused({ email: 'email', name: 'email' })).toMatchObject({
      payload: { field: 'mapping.name' },
    });
    expect(await refused({ email: 'email', other: 'firstname' })).toMatchObject({
      payload: { field: 'mapping.other' },
    });
  });

  it("keeps each company's imports its own", async () => {
    const ready = await prepared(a, 'mine.csv', 'email\nmine@example.test\n');
    expect((await t.get(`/v1/contacts/import/status/${ready.importId}`, b.token)).statusCode).toBe(404);
    expect((await t.get(`/v1/contacts/import/${ready.importId}/errors`, b.token)).statusCode).toBe(404);
    const started = await t.post('/v1/contacts/import/start', b.token, {
      importId: ready.importId,
      mapping: { email: 'email' },
    });
    expect(started.statusCode).toBe(404);
    const history = await t.getData('/v1/contacts/import/history', b.token);
    expect(history.items.some((item: { importId: string }) => item.importId === ready.importId)).toBe(false);
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

  it('resumes an import whose worker stopped mid-way, with no duplicate and no lost row', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => `resume${index}@example.test,R${index}`);
    const ready = await prepared(a, 'resume.csv', ['email,firstname', ...rows].join('\n'));
    await t.post('/v1/contacts/import/start', a.token, {
      importId: ready.importId,
      mapping: ready.suggestedMapping,
    });
    // This worker stops after its second slice, as a killed process would (its claim stays until it lapses).
    let slices = 0;
    await runner(() => {
      slices += 1;
      return slices < 2;
    }).runDue();
    const halfway = await status(a, ready.importId);
    expect(halfway.state).toBe('running');
    expect(halfway.read).toBeGreaterThan(0);
    expect(await runner().runDue()).toBe(0);
    t.clock.advance(31_000);
    await runAll();
    expect(await status(a, ready.importId)).toMatchObject({
      state: 'done',
      read: 3000,
      processed: 3000,
      added: 3000,
      failed: 0,
    });
    const count = await t.db.one<{ count: number }>(
      "SELECT count(*)::int AS count FROM contacts WHERE email LIKE 'resume%@example.test'",
    );
    expect(count.count).toBe(3000);
  });

  it('takes an import held by a worker process found dead up at once, not one held by a live process', async () => {
    const rows = Array.from({ length: 3000 }, (_, index) => `held${index}@example.test,H${index}`);
    const ready = await prepared(a, 'held.csv', ['email,firstname', ...rows].join('\n'));
    await t.post('/v1/contacts/import/start', a.token, {
      importId: ready.importId,
      mapping: ready.suggestedMapping,
    });
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
    let slices = 0;
    await runner(() => {
      slices += 1;
      return slices < 2;
    }, holder('first')).runDue();
    expect((await status(a, ready.importId)).state).toBe('running');
    expect(await claimedBy()).toBe('first');
    // While 'first' lives, its claim holds until it lapses (no time passes here)...
    expect(await runner(undefined, holder('second', ['gone'])).runDue()).toBe(0);
    expect(await runner().runDue()).toBe(0);
    // ...once it is found dead, another process takes the import up at once and ends it.
    expect(await runner(undefined, holder('second', ['first'])).runDue()).toBe(1);
    expect(await status(a, ready.importId)).toMatchObject({
      state: 'done',
      read: 3000,
      processed: 3000,
      added: 3000,
      failed: 0,
    });
    expect(await claimedBy()).toBeNull();
    const count = await t.db.one<{ count: number }>(
      "SELECT count(*)::int AS count FROM contacts WHERE email LIKE 'held%@example.test'",
    );
    expect(count.count).toBe(3000);
  });

  it('serves the sample file with the company fields, and keeps the import defaults', async () => {
    const sample = await t.get('/v1/contacts/import/sample', a.token);
    expect(sample.body.split(/\r?\n/)[0]).toBe('email,firstname,lastname,phone,age');
    expect(await t.getData('/v1/contacts/import/setting', a.token)).toEqual({
      mode: 'upsert',
      emptyCells: 'keep',
    });
    const saved = await t.call('PUT', '/v1/contacts/import/setting', a.token, {
      mode: 'add',
      emptyCells: 'clear',
    });
    expect(saved.statusCode).toBe(200);
    expect(await t.getData('/v1/contacts/import/setting', a.token)).toEqual({
      mode: 'add',
      emptyCells: 'clear',
    });
    expect(await t.getData('/v1/contacts/import/setting', b.token)).toEqual({
      mode: 'upsert',
      emptyCells: 'keep',
    });
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

  it('deletes the file when the import ends', async () => {
    const done = await imported(a, 'email\ngone@example.test\n');
    const row = await t.db.one<{ file_path: string }>('SELECT file_path FROM contact_imports WHERE id = $1', [
      done.importId,
    ]);
    expect(existsSync(row.file_path)).toBe(false);
  });
});
