import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { maxImportColumns } from '@app/contract/marketing/contact-imports';
import { importMessages } from '@app/contract/marketing/import-messages';
import { parse } from 'csv-parse';
import { DomainError } from '../../../domain-error.ts';

/** The encodings an import file may be in (§5): UTF-8 with or without BOM, UTF-16, Latin-1. */
export type ImportEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export const importDelimiters = [',', ';', '\t', '|'] as const;

/** The longest row accepted, in characters. */
const maxRowLength = 64 * 1024;
// Characters that separate words in a header line written with a delimiter we do not read.
const otherDelimiters = /[A-Za-z0-9"'][:^~#/\\][A-Za-z0-9"']/;
/** Whether `text` holds a C0 control other than tab, line feed and carriage return: not text. */
function looksBinary(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return true;
  }
  return false;
}

export const importRefusal = (code: 'importHeader' | 'importFormat' | 'importData', message: string) =>
  new DomainError(code, message);

/** The encoding of a file from its first bytes; binary content is an unknown encoding. */
export function encodingOf(head: Uint8Array): ImportEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // UTF-16 without a BOM: ASCII text has a NUL in every other byte.
  const pairs = Math.min(head.length >> 1, 512);
  let oddNuls = 0;
  let evenNuls = 0;
  for (let index = 0; index < pairs; index += 1) {
    if (head[index * 2] === 0) evenNuls += 1;
    if (head[index * 2 + 1] === 0) oddNuls += 1;
  }
  if (pairs > 0 && oddNuls > pairs * 0.4 && evenNuls === 0) return 'utf-16le';
  if (pairs > 0 && evenNuls > pairs * 0.4 && oddNuls === 0) return 'utf-16be';
  let encoding: ImportEncoding = 'utf-8';
  let text: string;
  try {
    // stream: a multi-byte character cut at the end of the sample is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    encoding = 'windows-1252';
    text = new TextDecoder('windows-1252').decode(head);
  }
  if (looksBinary(text)) throw importRefusal('importFormat', importMessages.unknownEncoding);
  return encoding;
}

/** The delimiter the header line uses: the most frequent of comma, semicolon, tab and pipe outside quotes. */
export function delimiterOf(headerLine: string): string {
  const counts = new Map<string, number>(importDelimiters.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const character of headerLine) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && counts.has(character)) counts.set(character, (counts.get(character) ?? 0) + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [',', 0];
  if (count > 0) return best;
  // One column, or columns separated by something else (a colon, a slash...).
  if (otherDelimiters.test(headerLine))
    throw importRefusal('importFormat', importMessages.delimiterUnsupported);
  return ',';
}

/** One record of the file: the line where it ends and its cells. */
export interface FileRecord {
  line: number;
  cells: string[];
}

/**
 * The file's records from the first (the header), decoded and parsed as they are read: a chunk of
 * the file at a time, so memory stays flat whatever the size.
 */
export async function* fileRecords(
  path: string,
  format: { encoding: ImportEncoding; delimiter: string },
): AsyncGenerator<FileRecord> {
  const decoder = new TextDecoder(format.encoding);
  // Decoded to text, handed on as UTF-8: every encoding reaches the parser the same way.
  const decoded = createReadStream(path, { highWaterMark: 64 * 1024 }).pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        done(null, decoder.decode(chunk, { stream: true }));
      },
      flush(done) {
        done(null, decoder.decode());
      },
    }),
  );
  const parser = decoded.pipe(
    parse({
      delimiter: format.delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: maxRowLength,
      info: true,
    }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { line: info.lines, cells: record };
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) {
      throw importRefusal('importData', `The import file contains invalid data: ${error.message}`);
    }
    throw error;
  } finally {
    decoded.destroy();
  }
}

/** The header's cells, checked: present, named, unique, and not too many. */
export function checkedHeaders(first: FileRecord | undefined): string[] {
  if (!first) throw importRefusal('importData', importMessages.emptyData);
  const headers = first.cells.map((cell) => cell.trim());
  // A first row holding an address is data: the file has no header.
  if (
    headers.some((cell) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(cell)) ||
    headers.every((cell) => cell === '')
  ) {
    throw importRefusal('importHeader', importMessages.noHeader);
  }
  if (headers.length > maxImportColumns) {
    throw importRefusal('importHeader', `The import file has more than ${maxImportColumns} columns`);
  }
  const seen = new Set<string>();
  for (const [index, header] of headers.entries()) {
    if (header === '') throw importRefusal('importHeader', `Column ${index + 1} of the header has no name`);
    const key = header.toLowerCase();
    if (seen.has(key)) throw importRefusal('importHeader', `Two columns of the header are named ${header}`);
    seen.add(key);
  }
  return headers;
}
