import { randomUUID } from 'node:crypto';
import { type ActivityFilters, activityExportsPending } from '@app/contract/schemas';
import type { Db } from '../../db/db.ts';
import { deleteInSlices } from '../../db/delete-in-slices.ts';
import { tokenLease } from '../../db/token-lease.ts';
import { DomainError } from '../../domain-error.ts';
import { heldByAny } from '../worker-presence/lease-holder.ts';

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed';

export interface EventExport {
  id: string;
  /** The claim of the worker writing it (running exports only): its outcome is recorded with it. */
  claimToken: string | null;
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
  claim_token: string | null;
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
  'id, claim_token, company_id, user_id, filters, status, row_count, truncated, created_at, finished_at, expires_at';

const toExport = (row: ExportRow): EventExport => ({
  id: row.id,
  claimToken: row.claim_token,
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
/**
 * A worker's claim on a running export, kept while it writes; a crashed worker's export is taken up
 * again once its process is found dead, at the latest after this.
 */
export const exportClaimMs = 10 * 60_000;
/** Claims of one export before it is given up: a job whose worker died each time fails. */
export const exportAttempts = 3;

const lease = tokenLease<ExportRow>({
  table: 'event_exports',
  state: 'status',
  returning: columns,
  claimMs: exportClaimMs,
  attempts: exportAttempts,
  holder: { column: 'claimed_by', heldByAny },
});

/** Activity export jobs: one company's, found only by company (and id). Owns event_exports. */
export function createExportStore(db: Db) {
  return {
    /** Queues an export; refused while the company already has {@link activityExportsPending} waiting or running. */
    async create(job: { companyId: string; userId: string; filters: ActivityFilters }, now: Date) {
      return db.transaction(async (tx) => {
        // One company's requests take turns, so two at once cannot pass the limit together.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`event_exports:${job.companyId}`]);
        const { pending } = await tx.one<{ pending: number }>(
          `SELECT count(*)::int AS pending FROM event_exports
           WHERE company_id = $1 AND status IN ('queued', 'running')`,
          [job.companyId],
        );
        if (pending >= activityExportsPending) {
          throw new DomainError(
            'quotaExceeded',
            `At most ${activityExportsPending} exports can wait at once`,
            {
              feature: 'Activity',
              subfeature: `${activityExportsPending} exports at once`,
              cause: 'Wait for an export to finish, then start the next.',
            },
          );
        }
        const row = await tx.one<ExportRow>(
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
      });
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
      if (!row?.file) return undefined;
      const { file } = row;
      return Buffer.isBuffer(file) ? file : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
    },

    /**
     * Takes the oldest queued export (or one whose worker's claim ran out, or whose worker process is
     * among `deadHolders`) for `exportClaimMs`, for the worker process `holder`, with a fresh claim
     * token; exports claimed {@link exportAttempts} times are not taken again.
     */
    async claim(now: Date, holder: string, deadHolders: readonly string[]): Promise<EventExport | undefined> {
      const row = await lease.claim(db, now, { holder, deadHolders });
      return row && toExport(row);
    },

    /** Fails the exports whose worker died on each of their attempts; returns them, to tell their users. */
    async failAbandoned(target: Db, now: Date, deadHolders: readonly string[]): Promise<EventExport[]> {
      return (await lease.failAbandoned(target, now, deadHolders)).map(toExport);
    },

    /** Keeps the claim while the worker writes; false once another worker holds the export. */
    extendClaim: (job: EventExport, now: Date): Promise<boolean> => lease.extend(db, job, now),

    /** Stores the file, if `job`'s claim is still the export's; returns whether it did. */
    finish: (
      target: Db,
      job: EventExport,
      result: { file: Buffer; rowCount: number; truncated: boolean },
      now: Date,
    ): Promise<boolean> =>
      lease.finish(
        target,
        job,
        { file: result.file, row_count: result.rowCount, truncated: result.truncated },
        now,
      ),

    /** Records the failure, if `job`'s claim is still the export's; returns whether it did. */
    fail: (target: Db, job: EventExport, error: string, now: Date): Promise<boolean> =>
      lease.fail(target, job, error, now),

    /** Deletes the exports past their expiry; returns how many. */
    async purgeExpired(now: Date): Promise<number> {
      return deleteInSlices(db, 'event_exports', 'id', 'expires_at < $1', [now]);
    },
  };
}

export type ExportStore = ReturnType<typeof createExportStore>;
