import { Readable } from 'node:stream';
import { validationResultColumns } from '@app/contract/engine/index';
import { stringify } from 'csv-stringify';
import type { ValidationJobStore } from './validation-job-store.ts';

/** Rows read from the database per query while streaming. */
const pageSize = 500;

/** A cell a spreadsheet would read as a formula gets a leading `'` (OWASP's CSV injection guidance). */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

async function* rowsOf(store: ValidationJobStore, jobId: string) {
  let after = -1;
  for (;;) {
    const page = await store.results(jobId, after, pageSize);
    for (const { address, result } of page) {
      yield [
        spreadsheetSafe(address),
        result?.valid ?? '',
        result?.result ?? '',
        result?.reason ?? '',
        result?.is_role ?? '',
        result?.is_disposable ?? '',
        result?.is_free ?? '',
        result?.delivery_confidence ?? '',
        spreadsheetSafe(result?.did_you_mean ?? ''),
      ];
    }
    if (page.length < pageSize) return;
    after = page[page.length - 1]?.position ?? after;
  }
}

/** A job's results as CSV, read page by page: a header, then one row per uploaded address, in order. */
export function resultsCsv(store: ValidationJobStore, jobId: string): Readable {
  return Readable.from(rowsOf(store, jobId)).pipe(
    stringify({ header: true, columns: [...validationResultColumns], cast: { boolean: String } }),
  );
}
