import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';

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

export type MediaStore = ReturnType<typeof createMediaStore>;

/** The company's file store (table media_files), each account's own; files are read publicly by id. */
export function createMediaStore(db: Db, clock: Clock) {
  return {
    async add(
      owner: MediaOwner,
      file: { name: string; contentType: string; bytes: Buffer },
    ): Promise<MediaEntry> {
      const row = await db.one<EntryRow>(
        `INSERT INTO media_files (id, company_id, subaccount_id, name, content_type, size, bytes, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, name, content_type, size, created_at`,
        [
          randomUUID(),
          owner.companyId,
          owner.subaccountId,
          file.name,
          file.contentType,
          file.bytes.length,
          file.bytes,
          clock.now(),
        ],
      );
      return toEntry(row);
    },

    /** A page of the account's files, newest first; `imagesOnly` keeps image/* files. */
    async list(
      owner: MediaOwner,
      options: { imagesOnly: boolean; after: MediaCursor | undefined; limit: number },
    ): Promise<MediaEntry[]> {
      const rows = await db.query<EntryRow>(
        `SELECT id, name, content_type, size, created_at FROM media_files
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

    /** A file by its public address (id and name); undefined when there is none. */
    async read(id: string, name: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const row = await db.maybeOne<{ content_type: string; bytes: Uint8Array }>(
        'SELECT content_type, bytes FROM media_files WHERE id = $1 AND name = $2',
        [id, name],
      );
      return (
        row && {
          contentType: row.content_type,
          bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
        }
      );
    },
  };
}
