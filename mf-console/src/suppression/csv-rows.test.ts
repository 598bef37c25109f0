import { suppressionBulkEntry } from '@app/contract/engine/suppression';
import { describe, expect, it } from 'vitest';
import { CsvRefusal, checkCsvRows, maxCsvRows } from './csv-rows.ts';

describe('checkCsvRows', () => {
  it('keeps good rows and names each bad one by its line', () => {
    const checked = checkCsvRows(
      [
        ['recipient', 'type', 'description'],
        ['Ann@Example.com', 'transactional', 'asked to stop'],
        ['not-an-address', 'transactional', ''],
        ['', '', ''],
        ['bob@example.com', 'marketing', ''],
        ['cy@example.com', 'NON_TRANSACTIONAL'],
        ['', 'transactional'],
      ],
      suppressionBulkEntry,
    );
    expect(checked.valid).toEqual([
      { line: 2, recipient: 'ann@example.com', type: 'transactional', description: 'asked to stop' },
      { line: 6, recipient: 'cy@example.com', type: 'non_transactional' },
    ]);
    expect(checked.errors).toEqual([
      { line: 3, message: 'recipient must be an email address' },
      { line: 5, message: "type must be 'transactional' or 'non_transactional'" },
      { line: 7, message: 'recipient missing' },
    ]);
  });

  it('reads the columns in any order, with a byte order mark', () => {
    const checked = checkCsvRows(
      [
        ['\ufeffType', 'Recipient'],
        ['transactional', 'a@example.com'],
      ],
      suppressionBulkEntry,
    );
    expect(checked.valid).toEqual([{ line: 2, recipient: 'a@example.com', type: 'transactional' }]);
  });

  it('refuses a file without the header, without entries, or with too many', () => {
    expect(() => checkCsvRows([['a@example.com', 'transactional']], suppressionBulkEntry)).toThrow(
      CsvRefusal,
    );
    expect(() =>
      checkCsvRows(
        [
          ['recipient', 'type'],
          ['', ''],
        ],
        suppressionBulkEntry,
      ),
    ).toThrow('no entries');
    const many = Array.from({ length: maxCsvRows + 1 }, () => ['a@example.com', 'transactional']);
    expect(() => checkCsvRows([['recipient', 'type'], ...many], suppressionBulkEntry)).toThrow(
      'at most 50,000',
    );
  });
});
