import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestAccount } from '../../../testing/accounts.ts';
import { useImportTests } from '../../../testing/contact-imports.ts';
import { databases } from '../../../testing/databases.ts';

describe.each(databases)('contact import files and mappings on $name', (database) => {
  const harness = useImportTests(database);
  const { t, prepare, prepared } = harness;
  let a: TestAccount;
  let b: TestAccount;
  beforeAll(() => {
    ({ a, b } = harness.accounts());
  });

  it('prepares a file: encoding, delimiter, header, preview and a suggested mapping', async () => {
    const csv =
      '\uFEFFE-mail;First Name;Surname;Age;Notes\r\nana@example.test;Ana;"Silva; Jr";31;x\r\nbo@example.test;Bo;;;\r\n';
    const ready = await prepared(a, 'list.csv', csv);
    expect(ready).toMatchObject({
      format: 'csv',
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
      format: 'xlsx',
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
});
