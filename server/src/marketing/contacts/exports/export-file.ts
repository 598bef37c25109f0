import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type ContactExportFormat, xlsxContactRowLimit } from '@app/contract/marketing/contact-exports';
import type { Contact } from '@app/contract/marketing/contacts';
import { inertCell } from '@app/contract/rules/inert-cell';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

interface Column {
  header: string;
  value: (contact: Contact) => string | number | boolean;
}

/**
 * The file's columns. The fields are headed by their tags, so the file imports back as it is (the
 * import maps a header that is a tag to its field); the rest are read-only facts.
 */
export function exportColumns(customTags: readonly string[]): Column[] {
  return [
    { header: 'email', value: (contact) => contact.email ?? '' },
    { header: 'firstname', value: (contact) => contact.firstname ?? '' },
    { header: 'lastname', value: (contact) => contact.lastname ?? '' },
    { header: 'phone', value: (contact) => contact.phone ?? '' },
    ...customTags.map((tag) => ({ header: tag, value: (contact: Contact) => contact.fields[tag] ?? '' })),
    { header: 'status', value: (contact) => contact.status },
    { header: 'source', value: (contact) => contact.source },
    { header: 'labels', value: (contact) => contact.labels.map((label) => label.name).join('; ') },
    { header: 'created_at', value: (contact) => contact.createdAt },
    { header: 'updated_at', value: (contact) => contact.updatedAt },
    { header: 'last_open_at', value: (contact) => contact.lastOpenAt ?? '' },
    { header: 'last_click_at', value: (contact) => contact.lastClickAt ?? '' },
  ];
}

const rowsPerTurn = 500;

/**
 * Writes the contacts of `pages` to `path` as CSV (UTF-8 with a BOM, so Excel reads accents) or as one
 * XLSX worksheet with the streaming writer, yielding to the event loop every few hundred rows. An XLSX
 * stops at {@link xlsxContactRowLimit} rows (truncated).
 */
export async function writeContactFile(
  path: string,
  format: ContactExportFormat,
  customTags: readonly string[],
  pages: AsyncIterable<readonly Contact[]>,
): Promise<{ rowCount: number; truncated: boolean }> {
  const columns = exportColumns(customTags);
  const cells = (contact: Contact) => columns.map((column) => inertCell(column.value(contact)));
  let rowCount = 0;
  if (format === 'csv') {
    const out = createWriteStream(path);
    const csv = stringify({
      bom: true,
      header: true,
      record_delimiter: 'windows',
      columns: columns.map((column) => column.header),
    });
    csv.pipe(out);
    try {
      for await (const page of pages) {
        for (const contact of page) {
          if (!csv.write(cells(contact))) await once(csv, 'drain');
          rowCount += 1;
          if (rowCount % rowsPerTurn === 0) await nextTurn();
        }
      }
    } catch (error) {
      // The file is let go of before the caller removes it.
      csv.destroy();
      out.destroy();
      throw error;
    }
    csv.end();
    await finished(out);
    return { rowCount, truncated: false };
  }
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Contacts');
  sheet.columns = columns.map((column) => ({ header: column.header, width: 20 }));
  let truncated = false;
  for await (const page of pages) {
    for (const contact of page) {
      if (rowCount === xlsxContactRowLimit) {
        truncated = true;
        break;
      }
      sheet.addRow(cells(contact)).commit();
      rowCount += 1;
      if (rowCount % rowsPerTurn === 0) await nextTurn();
    }
    if (truncated) break;
  }
  sheet.commit();
  await workbook.commit();
  return { rowCount, truncated };
}
