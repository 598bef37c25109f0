import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { maxImportBytes } from '@app/contract/marketing/contact-imports';
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

/** The most CSV one workbook may expand to: a workbook is zipped XML, and a small one can hold a lot. */
export const maxExpandedBytes = maxImportBytes * 4;

/**
 * The first worksheet of an XLSX file written as UTF-8 CSV at `target`, read and written as a
 * stream (rows are never all in memory). A file ExcelJS cannot read is §8's "invalid Excel"; one
 * that expands past `maxBytes` is "too big" (a zip bomb fills no disk).
 */
export async function xlsxToCsv(source: string, target: string, maxBytes = maxExpandedBytes): Promise<void> {
  const out = createWriteStream(target);
  let written = 0;
  let width = 0;
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
        const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellText);
        // A row ends at its last filled cell: every row keeps the header's columns.
        width ||= cells.length;
        while (cells.length < width) cells.push('');
        const line = stringify([cells]);
        written += Buffer.byteLength(line);
        if (written > maxBytes) throw new DomainError('importSize', importMessages.tooBig);
        if (!out.write(line)) await once(out, 'drain');
      }
      break;
    }
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new DomainError('importFormat', importMessages.invalidExcel);
  } finally {
    out.end();
    await once(out, 'close');
  }
}
