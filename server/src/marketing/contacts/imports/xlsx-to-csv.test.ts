import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxToCsv } from './xlsx-to-csv.ts';

describe('an XLSX import file', () => {
  let dir = '';
  let workbook = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'xlsx-import-'));
    workbook = path.join(dir, 'contacts.xlsx');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Contacts');
    sheet.addRow(['email', 'firstname', 'joined']);
    sheet.addRow(['ana@example.test', 'Ana, the first', new Date(Date.UTC(2026, 0, 31))]);
    sheet.addRow(['zoë@bücher.example', { richText: [{ text: 'Zo' }, { text: 'ë' }] }, null]);
    await book.xlsx.writeFile(workbook);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('becomes CSV: quoted commas, dates as YYYY-MM-DD, rich text joined, empty cells empty', async () => {
    const csv = path.join(dir, 'out.csv');
    await xlsxToCsv(workbook, csv);
    expect((await readFile(csv, 'utf8')).split('\n')).toEqual([
      'email,firstname,joined',
      'ana@example.test,"Ana, the first",2026-01-31',
      'zoë@bücher.example,Zoë,',
      '',
    ]);
  });

  it('that expands past the limit is too big, whatever its own size', async () => {
    await expect(xlsxToCsv(workbook, path.join(dir, 'big.csv'), 40)).rejects.toMatchObject({
      code: 'importSize',
      message: 'The import file is too big',
    });
  });
});
