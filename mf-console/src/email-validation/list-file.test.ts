import { describe, expect, it } from 'vitest';
import { fileRefusal } from './list-file.ts';

describe('fileRefusal', () => {
  it('takes a CSV or text file within the size limit', () => {
    expect(fileRefusal({ name: 'list.CSV', size: 10 })).toBeUndefined();
    expect(fileRefusal({ name: 'list.txt', size: 10 })).toBeUndefined();
  });

  it('says why a file is refused', () => {
    expect(fileRefusal({ name: 'list.xlsx', size: 10 })).toBe(
      'list.xlsx is not a CSV file: choose a .csv or .txt file.',
    );
    expect(fileRefusal({ name: 'list.csv', size: 0 })).toBe('list.csv is empty.');
    expect(fileRefusal({ name: 'big.csv', size: 25 * 1024 * 1024 })).toBe(
      'big.csv is 25.0 MB; a list may be at most 20 MB. Split it and upload each part.',
    );
  });
});
