import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { maxValidationListAddresses } from '@app/contract/engine/index';
import { CsvError, parse } from 'csv-parse';
import { EngineError } from '../../engine-error.ts';

/** The longest row accepted, in characters. */
const maxRowLength = 4_096;
/** Bytes parsed per turn of the event loop (a few milliseconds of parsing). */
const pieceBytes = 16 * 1024;
const addressHeading = /^(e-?mail([ _-]?address)?|address|recipient)$/i;

/** Collects the addresses of the rows as they are parsed. */
function addressCollector() {
  const addresses: string[] = [];
  let column = 0;
  let first = true;
  return {
    addresses,
    take(record: string[], line: number): void {
      if (first) {
        first = false;
        const heading = record.findIndex((cell) => addressHeading.test(cell));
        if (heading >= 0 || !(record[0] ?? '').includes('@')) {
          column = Math.max(heading, 0);
          return;
        }
      }
      const address = record[column] ?? '';
      if (address === '') return;
      // The database stores no NUL character; anything else the file holds is validated as written.
      if (address.includes('\0'))
        throw new EngineError('unreadableFile', `Line ${line} holds a NUL character`);
      if (addresses.length === maxValidationListAddresses) {
        throw new EngineError(
          'unreadableFile',
          `The list has more than ${maxValidationListAddresses.toLocaleString('en-US')} addresses (the most one upload may hold); split it and upload each part`,
        );
      }
      addresses.push(address);
    },
  };
}

/**
 * The addresses of a CSV list, in order: one a row, in the column headed `email` (or `address`,
 * `recipient`), else the first. A first row without an `@` is a header. Empty rows are skipped;
 * malformed CSV, too many rows or no address at all is refused, naming the line where it can.
 * The bytes are parsed a small piece per turn of the event loop, however large the chunks come.
 */
export async function readAddressCsv(source: AsyncIterable<Buffer>): Promise<string[]> {
  const collector = addressCollector();
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: maxRowLength,
    info: true,
  });
  let failure: unknown;
  parser.on('data', ({ record, info }: { record: string[]; info: { lines: number } }) => {
    if (failure !== undefined) return;
    try {
      collector.take(record, info.lines);
    } catch (error) {
      failure = error;
    }
  });
  parser.on('error', (error) => {
    failure ??= error;
  });
  reading: for await (const chunk of source) {
    for (let at = 0; at < chunk.length; at += pieceBytes) {
      parser.write(chunk.subarray(at, at + pieceBytes));
      await nextTurn();
      if (failure !== undefined) break reading;
    }
  }
  if (failure === undefined) {
    parser.end();
    await finished(parser).catch(() => undefined);
  } else {
    parser.destroy();
  }
  if (failure instanceof CsvError)
    throw new EngineError('unreadableFile', `The file is not valid CSV: ${failure.message}`);
  if (failure !== undefined) throw failure;
  if (collector.addresses.length === 0) {
    throw new EngineError('unreadableFile', 'The list holds no address: put one address on each row');
  }
  return collector.addresses;
}
