import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { containsPattern } from '../../db/like-pattern.ts';
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

/** Another of the account's files already has this name (§8 code 122); nothing was changed. */
export class MediaNameTaken extends Error {
  constructor(name: string) {
    super(`A file named ${name} already exists`);
    this.name = 'MediaNameTaken';
  }
}

/** How a page of files is chosen (the File Manager's list). */
export interface MediaPageQuery {
  page: number;
  size: number;
  search: string | undefined;
  type: 'image' | 'document' | undefined;
  sort: { column: 'created_at' | 'lower(name)' | 'size'; descending: boolean };
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

/** A name taken by another of the account's files, compared without case. */
async function nameTaken(on: Db, owner: MediaOwner, name: string, exceptId: string | null): Promise<boolean> {
  const row = await on.maybeOne(
    `SELECT 1 FROM media_files WHERE company_id = $1 AND subaccount_id = $2 AND lower(name) = lower($3)
       AND ($4::uuid IS NULL OR id <> $4::uuid) LIMIT 1`,
    [owner.companyId, owner.subaccountId, name, exceptId],
  );
  return row !== undefined;
}

/**
 * The company's file store: each account's files (table media_files: what each is, and its key),
 * their bytes in `files`, at most `quotaOf(company)` bytes a company (table media_usage, whose row
 * also serialises a company's uploads and renames); read publicly by id.
 */
export function createMediaStore(
  db: Db,
  clock: Clock,
  files: FileStore,
  quotaOf: (companyId: string) => Promise<number>,
) {
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
     * MediaQuotaExceeded, MediaNameTaken (`uniqueName`: the File Manager's uploads), or whatever
     * `chunks` throws, and then keeps nothing.
     */
    async add(
      owner: MediaOwner,
      file: {
        name: string;
        contentType: string;
        chunks: AsyncIterable<Buffer>;
        expectedBytes?: number;
        uniqueName?: boolean;
      },
    ): Promise<MediaEntry> {
      const quotaBytes = await quotaOf(owner.companyId);
      const used = await usedBytes(db, owner.companyId);
      if (file.uniqueName && (await nameTaken(db, owner, file.name, null)))
        throw new MediaNameTaken(file.name);
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
          // Checked again behind the usage row's lock: two uploads of one name at once keep one.
          if (file.uniqueName && (await nameTaken(tx, owner, file.name, null))) {
            throw new MediaNameTaken(file.name);
          }
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

    /** A page of the account's files with how many match in all (the File Manager's list). */
    async page(owner: MediaOwner, query: MediaPageQuery): Promise<{ items: MediaEntry[]; total: number }> {
      const where = `company_id = $1 AND subaccount_id = $2
        AND ($3::text IS NULL OR name ILIKE $3 ESCAPE '\\')
        AND ($4::text IS NULL OR ($4 = 'image') = (content_type LIKE 'image/%'))`;
      const search = query.search ? containsPattern(query.search) : null;
      const params = [owner.companyId, owner.subaccountId, search, query.type ?? null];
      const direction = query.sort.descending ? 'DESC' : 'ASC';
      const [rows, count] = await Promise.all([
        db.query<EntryRow>(
          `SELECT ${entryColumns} FROM media_files WHERE ${where}
           ORDER BY ${query.sort.column} ${direction}, id ${direction} LIMIT $5 OFFSET $6`,
          [...params, query.size, (query.page - 1) * query.size],
        ),
        db.one<{ total: string }>(`SELECT count(*) AS total FROM media_files WHERE ${where}`, params),
      ]);
      return { items: rows.map(toEntry), total: Number(count.total) };
    },

    /** One of the account's files, or undefined. */
    async get(owner: MediaOwner, id: string): Promise<MediaEntry | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const row = await db.maybeOne<EntryRow>(
        `SELECT ${entryColumns} FROM media_files WHERE id = $1 AND company_id = $2 AND subaccount_id = $3`,
        [id, owner.companyId, owner.subaccountId],
      );
      return row && toEntry(row);
    },

    /**
     * Gives one of the account's files a new name (its address changes; the old one redirects, see
     * read). Throws MediaNameTaken; undefined when the account has no such file.
     */
    async rename(owner: MediaOwner, id: string, name: string): Promise<MediaEntry | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      return db.transaction(async (tx) => {
        // The usage row is the company's lock: a rename and an upload of the same name cannot both win.
        await tx.query('SELECT bytes FROM media_usage WHERE company_id = $1 FOR UPDATE', [owner.companyId]);
        if (await nameTaken(tx, owner, name, id)) throw new MediaNameTaken(name);
        const row = await tx.maybeOne<EntryRow>(
          `UPDATE media_files SET name = $4 WHERE id = $1 AND company_id = $2 AND subaccount_id = $3
           RETURNING ${entryColumns}`,
          [id, owner.companyId, owner.subaccountId, name],
        );
        return row && toEntry(row);
      });
    },

    /** How many bytes the company's files take, and how many they may take. */
    async usage(companyId: string): Promise<{ usedBytes: number; quotaBytes: number }> {
      const [used, quota] = await Promise.all([usedBytes(db, companyId), quotaOf(companyId)]);
      return { usedBytes: used, quotaBytes: quota };
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

    /**
     * A file by its public address (id and name); `{ renamed }` with its name now when the file was
     * renamed since the address was given out; undefined when there is none.
     */
    async read(id: string, name: string): Promise<MediaBody | { renamed: string } | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const row = await db.maybeOne<{
        name: string;
        content_type: string;
        size: number;
        sha256: string | null;
        storage_key: string | null;
        bytes: Uint8Array | null;
      }>('SELECT name, content_type, size, sha256, storage_key, bytes FROM media_files WHERE id = $1', [id]);
      if (!row) return undefined;
      if (row.name !== name) return { renamed: row.name };
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
