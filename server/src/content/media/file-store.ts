import type { Readable } from 'node:stream';

/**
 * Where uploaded files' bytes live, by key (`<company id>/<file id>`), outside the database so that
 * an upload never holds its connection. On local disk by default (disk-file-store.ts); an object
 * store would implement the same three calls.
 */
export interface FileStore {
  /**
   * Writes the chunks under `key` as they come, atomically: afterwards the whole file is there, or,
   * when `chunks` or the write fails, nothing is.
   */
  write(key: string, chunks: AsyncIterable<Uint8Array>): Promise<void>;
  /** The file's bytes as a stream, or undefined when there is no such file. */
  read(key: string): Promise<Readable | undefined>;
  /** Removes the file; one that is not there is no error. */
  remove(key: string): Promise<void>;
}
