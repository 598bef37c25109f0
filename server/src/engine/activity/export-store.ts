import { randomUUID } from 'node:crypto';
import type { ActivityFilters } from '@app/shared/api/contract/index';
import type { Db } from '../../db/db.ts';
import { deleteInSlices } from '../../db/delete-in-slices.ts';

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface EventExport {
  id: string;
  companyId: string;
  userId: string;
  filters: ActivityFilters;
  status: ExportStatus;
  rowCount: number;
  truncated: boolean;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date;
}

interface ExportRow {
  id: string;
  company_id: string;
  user_id: string;
  filters: ActivityFilters;
  status: ExportStatus;
  row_count: number;
  truncated: boolean;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
}

const columns =
  'id, company_id, user_id, filters, status, row_count, truncated, created_at, finished_at, expires_at';

const toExport = (row: ExportRow): EventExport => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  filters: row.filters,
  status: row.status,
  rowCount: row.row_count,
  truncated: row.truncated,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  expiresAt: row.expires_at,
});

/** A finished file is kept this long, then purged. */
export const exportKeptMs = 7 * 86_400_000;
/** A worker's claim on a running export; a crashed worker's export is taken up again after it. */
export const exportClaimMs = 10 * 60_000;

/** Activity export jobs: one company's, found only by company (and id). Owns event_exports. */
export function createExportStore(db: Db) {
  return {
    async create(job: { companyId: string; userId: string; filters: ActivityFilters }, now: Date) {
      const row = await db.one<ExportRow>(
        `INSERT INTO event_exports (id, company_id, user_id, filters, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${columns}`,
        [
          randomUUID(),
          job.companyId,
          job.userId,
          JSON.stringify(job.filters),
          now,
          new Date(now.getTime() + exportKeptMs),
        ],
      );
      return toExport(row);
    },

    async find(companyId: string, id: string): Promise<EventExport | undefined> {
      const row = await db.maybeOne<ExportRow>(
        `SELECT ${columns} FROM event_exports WHERE id = $1 AND company_id = $2`,
        [id, companyId],
      );
      return row && toExport(row);
    },

    /** The company's newest exports, not yet expired. */
    async list(companyId: string, now: Date, size = 20): Promise<EventExport[]> {
      const rows = await db.query<ExportRow>(
        `SELECT ${columns} FROM event_exports WHERE company_id = $1 AND expires_at > $2
         ORDER BY created_at DESC LIMIT $3`,
        [companyId, now, size],
      );
      return rows.map(toExport);
    },

    /** The file of a done export of the company, unless it expired. */
    async file(companyId: string, id: string, now: Date): Promise<Buffer | undefined> {
      const row = await db.maybeOne<{ file: Uint8Array | null }>(
        `SELECT file FROM event_exports WHERE id = $1 AND company_id = $2 AND status = 'done' AND expires_at > $3`,
        [id, companyId, now],
      );
      return row?.file ? Buffer.from(row.file) : undefined;
    },

    /** Takes the oldest queued export (or one whose worker's claim ran out) for `exportClaimMs`. */
    async claim(now: Date): Promise<EventExport | undefined> {
      const row = await db.maybeOne<ExportRow>(
        `UPDATE event_exports SET status = 'running', claimed_until = $2
         WHERE id = (
           SELECT id FROM event_exports
           WHERE status = 'queued' OR (status = 'running' AND claimed_until < $1)
           ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING ${columns}`,
        [now, new Date(now.getTime() + exportClaimMs)],
      );
      return row && toExport(row);
    },

    /** Keeps the claim while the worker writes. */
    async extendClaim(id: string, now: Date): Promise<void> {
      await db.query(`UPDATE event_exports SET claimed_until = $2 WHERE id = $1 AND status = 'running'`, [
        id,
        new Date(now.getTime() + exportClaimMs),
      ]);
    },

    async finish(
      target: Db,
      id: string,
      result: { file: Buffer; rowCount: number; truncated: boolean },
      now: Date,
    ): Promise<void> {
      await target.query(
        `UPDATE event_exports SET status = 'done', file = $2, row_count = $3, truncated = $4,
           finished_at = $5, claimed_until = NULL
         WHERE id = $1`,
        [id, result.file, result.rowCount, result.truncated, now],
      );
    },

    async fail(target: Db, id: string, error: string, now: Date): Promise<void> {
      await target.query(
        `UPDATE event_exports SET status = 'failed', error = $2, finished_at = $3, claimed_until = NULL WHERE id = $1`,
        [id, error, now],
      );
    },

    /** Deletes the exports past their expiry; returns how many. */
    async purgeExpired(now: Date): Promise<number> {
      return deleteInSlices(db, 'event_exports', 'id', 'expires_at < $1', [now]);
    },
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
