import type { SuppressionBulkEntry } from '@app/contract';
import { type FormSchema, formSchema, humanIssueMessage } from '@app/shared';

/** The largest file and the most rows one upload takes (the engine takes 10,000 entries a call). */
export const maxCsvBytes = 5 * 1024 * 1024;
export const maxCsvRows = 50_000;

export interface RowError {
  /** The line of the file (1 is the header). */
  line: number;
  message: string;
}

export interface CheckedCsv {
  valid: Array<SuppressionBulkEntry & { line: number }>;
  errors: RowError[];
}

/** Why a whole file is refused (nothing of it is uploaded). */
export class CsvRefusal extends Error {}

const columns = ['recipient', 'type', 'description'] as const;

/**
 * Checks the rows of a suppression CSV (SparkPost's format: a header `recipient,type,description`,
 * then one entry a line, `type` transactional or non_transactional) with the engine's own schema.
 * `rows` are the parsed cells, the header first. Blank lines are skipped; each bad row is named by
 * its line with what is wrong; a file without the header or over the limits is refused whole.
 */
export function checkCsvRows(
  rows: readonly (readonly string[])[],
  entry: FormSchema<'suppressionBulkEntry'>,
): CheckedCsv {
  const header = (rows[0] ?? []).map((cell) =>
    cell
      .trim()
      .toLowerCase()
      .replace(/^\ufeff/, ''),
  );
  const at = Object.fromEntries(columns.map((name) => [name, header.indexOf(name)])) as Record<
    (typeof columns)[number],
    number
  >;
  if (at.recipient < 0 || at.type < 0) {
    throw new CsvRefusal(
      'The first line must be the header recipient,type,description (description is optional).',
    );
  }
  const body = rows.slice(1);
  const filled = body.filter((cells) => cells.some((cell) => cell.trim() !== '')).length;
  if (filled === 0) throw new CsvRefusal('The file has a header but no entries.');
  if (filled > maxCsvRows) {
    throw new CsvRefusal(
      `The file has ${filled.toLocaleString('en-US')} entries; one upload takes at most ${maxCsvRows.toLocaleString('en-US')}. Split it and upload each part.`,
    );
  }
  const checked: CheckedCsv = { valid: [], errors: [] };
  body.forEach((cells, index) => {
    const line = index + 2;
    if (!cells.some((cell) => cell.trim() !== '')) return;
    const cell = (position: number) => (position >= 0 ? (cells[position] ?? '').trim() : '');
    const description = cell(at.description);
    const missing = [cell(at.recipient) ? '' : 'recipient', cell(at.type) ? '' : 'type'].filter(Boolean);
    if (missing.length > 0) {
      checked.errors.push({ line, message: `${missing.join(' and ')} missing` });
      return;
    }
    const parsed = entry.safeParse(
      { recipient: cell(at.recipient), type: cell(at.type).toLowerCase(), description },
      { error: humanIssueMessage },
    );
    if (parsed.success) {
      const { recipient, type } = parsed.data;
      checked.valid.push({ line, recipient, type, ...(description ? { description } : {}) });
    } else {
      checked.errors.push({ line, message: parsed.error.issues.map((issue) => issue.message).join('; ') });
    }
  });
  return checked;
}

/** Parses and checks a CSV file in the browser (papaparse, loaded only when a file is chosen). */
export async function readSuppressionCsv(file: File): Promise<CheckedCsv> {
  if (file.size > maxCsvBytes) {
    throw new CsvRefusal(
      `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a file may be at most ${maxCsvBytes / 1024 / 1024} MB. Split it and upload each part.`,
    );
  }
  const { default: Papa } = await import('papaparse');
  const text = await file.text();
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const broken = parsed.errors.find((error) => error.type === 'Quotes');
  if (broken) {
    throw new CsvRefusal(`Line ${(broken.row ?? 0) + 1}: ${broken.message}. Check the quotes of that line.`);
  }
  return checkCsvRows(parsed.data, await formSchema('suppressionBulkEntry')());
}
