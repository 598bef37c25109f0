import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { importMessages } from '@app/contract/marketing/import-messages';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { DomainError } from '../../../domain-error.ts';

/** A cell as the text a CSV would hold: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/**
 * The first worksheet of an XLSX file written as UTF-8 CSV at `target`, read and written as a
 * stream (rows are never all in memory). A file ExcelJS cannot read is §8's "invalid Excel".
 */
export async function xlsxToCsv(source: string, target: string): Promise<void> {
  const out = createWriteStream(target);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
      worksheets: 'emit',
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        if (!out.write(stringify([values]))) await once(out, 'drain');
      }
      break;
    }
  } catch {
    throw new DomainError('importFormat', importMessages.invalidExcel);
  } finally {
    out.end();
    await once(out, 'close');
  }
}
