import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import type { FileStore } from './file-store.ts';

export interface MediaOwner {
  companyId: string;
  subaccountId: number;
}

export interface MediaEntry {
  id: string;
  name: string;
  contentType: string;
  size: number;
  createdAt: Date;
}

/** A file as served: its bytes stream from the file store (or, moved there not yet, the database). */
export interface MediaBody {
  contentType: string;
  size: number;
  sha256: string | null;
  body: Readable | Buffer;
}

/** The upload would take the company's files past its quota; nothing of it is kept. */
export class MediaQuotaExceeded extends Error {
  readonly quotaBytes: number;
  readonly usedBytes: number;

  constructor(quotaBytes: number, usedBytes: number) {
    super('The company has no room left for this file');
    this.name = 'MediaQuotaExceeded';
    this.quotaBytes = quotaBytes;
    this.usedBytes = usedBytes;
  }
}

interface EntryRow {
  id: string;
  name: string;
  content_type: string;
  size: number;
  created_at: Date;
}

const toEntry = (row: EntryRow): MediaEntry => ({
  id: row.id,
  name: row.name,
  contentType: row.content_type,
  size: row.size,
  createdAt: row.created_at,
});

/** Where a listing goes on: after this file, newest first. */
export interface MediaCursor {
  createdAt: Date;
  id: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const entryColumns = 'id, name, content_type, size, created_at';
const keyOf = (companyId: string, id: string) => `${companyId}/${id}`;

export type MediaStore = ReturnType<typeof createMediaStore>;

/**
 * The company's file store: each account's files (table media_files: what each is, and its key),
 * their bytes in `files`, at most `quotaBytes` a company (table media_usage); read publicly by id.
 */
export function createMediaStore(db: Db, clock: Clock, files: FileStore, quotaBytes: number) {
  const usedBytes = async (on: Db, companyId: string) =>
    Number(
      (
        await on.maybeOne<{ bytes: string }>('SELECT bytes FROM media_usage WHERE company_id = $1', [
          companyId,
        ])
      )?.bytes ?? 0,
    );

  return {
    /**
     * Stores a file whose bytes come as `chunks`: written to the file store as they come (never
     * whole in memory, never through the database), counted against the company's quota before
     * (`expectedBytes`, when the request says) and while they come, then its row. Throws
     * MediaQuotaExceeded, or whatever `chunks` throws, and then keeps nothing.
     */
    async add(
      owner: MediaOwner,
      file: { name: string; contentType: string; chunks: AsyncIterable<Buffer>; expectedBytes?: number },
    ): Promise<MediaEntry> {
      const used = await usedBytes(db, owner.companyId);
      if (used + (file.expectedBytes ?? 0) > quotaBytes) throw new MediaQuotaExceeded(quotaBytes, used);
      const id = randomUUID();
      const key = keyOf(owner.companyId, id);
      const hash = createHash('sha256');
      let size = 0;
      async function* counted() {
        for await (const chunk of file.chunks) {
          size += chunk.length;
          if (used + size > quotaBytes) throw new MediaQuotaExceeded(quotaBytes, used);
          hash.update(chunk);
          yield chunk;
        }
      }
      await files.write(key, counted());
      try {
        const row = await db.transaction(async (tx) => {
          // Uploads that ran at once each saw room for themselves: the usage row decides, one at a time.
          const room = await tx.maybeOne(
            `INSERT INTO media_usage (company_id, bytes) VALUES ($1, $2)
             ON CONFLICT (company_id) DO UPDATE SET bytes = media_usage.bytes + EXCLUDED.bytes
               WHERE media_usage.bytes + EXCLUDED.bytes <= $3
             RETURNING bytes`,
            [owner.companyId, size, quotaBytes],
          );
          if (!room) throw new MediaQuotaExceeded(quotaBytes, await usedBytes(tx, owner.companyId));
          return tx.one<EntryRow>(
            `INSERT INTO media_files (id, company_id, subaccount_id, name, content_type, size, sha256, storage_key, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${entryColumns}`,
            [
              id,
              owner.companyId,
              owner.subaccountId,
              file.name,
              file.contentType,
              size,
              hash.digest('hex'),
              key,
              clock.now(),
            ],
          );
        });
        return toEntry(row);
      } catch (error) {
        await files.remove(key);
        throw error;
      }
    },

    /** A page of the account's files, newest first; `imagesOnly` keeps image/* files. */
    async list(
      owner: MediaOwner,
      options: { imagesOnly: boolean; after: MediaCursor | undefined; limit: number },
    ): Promise<MediaEntry[]> {
      const rows = await db.query<EntryRow>(
        `SELECT ${entryColumns} FROM media_files
         WHERE company_id = $1 AND subaccount_id = $2 AND (NOT $3 OR content_type LIKE 'image/%')
           AND ($4::timestamptz IS NULL OR (created_at, id) < ($4, $5::uuid))
         ORDER BY created_at DESC, id DESC LIMIT $6`,
        [
          owner.companyId,
          owner.subaccountId,
          options.imagesOnly,
          options.after?.createdAt ?? null,
          options.after?.id ?? null,
          options.limit,
        ],
      );
      return rows.map(toEntry);
    },

    /**
     * Deletes one of the account's files: its row (and its room in the quota) in one transaction,
     * then, once that committed, its bytes. False when the account has no such file.
     */
    async remove(owner: MediaOwner, id: string): Promise<boolean> {
      if (!uuidPattern.test(id)) return false;
      const removed = await db.transaction(async (tx) => {
        const row = await tx.maybeOne<{ storage_key: string | null; size: number }>(
          `DELETE FROM media_files WHERE id = $1 AND company_id = $2 AND subaccount_id = $3
           RETURNING storage_key, size`,
          [id, owner.companyId, owner.subaccountId],
        );
        if (row) {
          await tx.query('UPDATE media_usage SET bytes = greatest(bytes - $2, 0) WHERE company_id = $1', [
            owner.companyId,
            row.size,
          ]);
        }
        return row;
      });
      if (!removed) return false;
      if (removed.storage_key !== null) await files.remove(removed.storage_key);
      return true;
    },

    /** A file by its public address (id and name); undefined when there is none. */
    async read(id: string, name: string): Promise<MediaBody | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const row = await db.maybeOne<{
        content_type: string;
        size: number;
        sha256: string | null;
        storage_key: string | null;
        bytes: Uint8Array | null;
      }>(
        'SELECT content_type, size, sha256, storage_key, bytes FROM media_files WHERE id = $1 AND name = $2',
        [id, name],
      );
      if (!row) return undefined;
      const body =
        row.storage_key !== null
          ? await files.read(row.storage_key)
          : row.bytes && Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return body ? { contentType: row.content_type, size: row.size, sha256: row.sha256, body } : undefined;
    },

    /**
     * Moves one file still held in the database (uploaded before the file store) to the file store;
     * false when none is left. Several servers may move at once: one row's move is kept once.
     */
    async moveOneLegacy(): Promise<boolean> {
      const row = await db.maybeOne<{ id: string; company_id: string; bytes: Uint8Array }>(
        'SELECT id, company_id, bytes FROM media_files WHERE storage_key IS NULL LIMIT 1',
      );
      if (!row) return false;
      const bytes = Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      const key = keyOf(row.company_id, row.id);
      await files.write(
        key,
        (async function* () {
          yield bytes;
        })(),
      );
      const moved = await db.query(
        `UPDATE media_files SET storage_key = $2, sha256 = $3, bytes = NULL
         WHERE id = $1 AND storage_key IS NULL RETURNING id`,
        [row.id, key, createHash('sha256').update(bytes).digest('hex')],
      );
      // Deleted meanwhile: its bytes go too. Moved by another server: the same bytes, kept.
      if (moved.length === 0 && !(await db.maybeOne('SELECT 1 FROM media_files WHERE id = $1', [row.id]))) {
        await files.remove(key);
      }
      return true;
    },
  };
}
