import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.ts';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A partial file untouched this long was left by a process that stopped mid-write (no upload lasts an hour). */
const abandonedPartialMs = 60 * 60_000;

/**
 * Files under `dir` (MEDIA_DIR): each written to `dir/.partial/` first, flushed to disk, then renamed
 * to its key, so a reader or a crash never meets half a file. Keys are made by the media store from
 * ids, never from a file's name. The first write of a process clears what killed processes left in
 * `.partial/` (other servers sharing the folder may be writing the newer ones).
 */
export function createDiskFileStore(dir: string): FileStore {
  const partialDir = path.join(dir, '.partial');
  const fileOf = (key: string) => path.join(dir, ...key.split('/'));
  let swept: Promise<void> | undefined;

  async function sweepAbandoned(): Promise<void> {
    const before = Date.now() - abandonedPartialMs;
    for (const name of await readdir(partialDir)) {
      const partial = path.join(partialDir, name);
      const modified = (await stat(partial).catch(() => undefined))?.mtimeMs;
      if (modified !== undefined && modified < before) await rm(partial, { force: true });
    }
  }

  return {
    async write(key, chunks) {
      const target = fileOf(key);
      await mkdir(partialDir, { recursive: true });
      swept ??= sweepAbandoned().catch(() => {
        // Left for the next start: a partial file takes room, it is never read.
      });
      await swept;
      await mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(partialDir, randomUUID());
      try {
        await pipeline(Readable.from(chunks), createWriteStream(partial, { flush: true }));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async read(key) {
      try {
        const handle = await open(fileOf(key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
