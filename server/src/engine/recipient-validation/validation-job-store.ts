import { randomUUID } from 'node:crypto';
import type { RecipientValidationResult, ValidationBatchStatus } from '@app/contract/engine/index';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { deleteInSlices } from '../../db/delete-in-slices.ts';
import { heldByAny } from '../worker-presence/lease-holder.ts';

export interface ValidationJob {
  id: string;
  subaccountId: number;
  originalFilename: string;
  status: ValidationBatchStatus;
  addressCount: number;
  validatedCount: number;
  createdAt: Date;
  completedAt: Date | undefined;
}

/** Whose jobs a caller sees and triggers: its own; the master (acting for no subaccount) every account's. */
export interface Viewer {
  companyId: string;
  subaccountId: number;
  isMaster: boolean;
}

export interface ValidatedAddress {
  address: string;
  result: RecipientValidationResult | null;
}

interface Row {
  id: string;
  subaccount_id: string | number;
  original_filename: string;
  status: ValidationBatchStatus;
  address_count: number;
  validated_count: number;
  created_at: Date;
  completed_at: Date | null;
}

const columns =
  'id, subaccount_id, original_filename, status, address_count, validated_count, created_at, completed_at';
/** Lists a company keeps at once (each up to 100,000 addresses). */
export const maxValidationListsKept = 100;
/** How long a list and its results are kept after the upload (the workers purge older ones). */
export const validationListKeptDays = 30;
/**
 * Rows written by one INSERT of an upload, each its own short statement: on PGlite's one connection
 * another request's query waits for one of them at most, never for the whole list.
 */
const insertBatch = 1_000;
/** An upload still being written this long after it began was abandoned (its server stopped). */
const abandonedUploadMs = 60 * 60 * 1000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toJob = (row: Row): ValidationJob => ({
  id: row.id,
  subaccountId: Number(row.subaccount_id),
  originalFilename: row.original_filename,
  status: row.status,
  addressCount: row.address_count,
  validatedCount: row.validated_count,
  createdAt: row.created_at,
  completedAt: row.completed_at ?? undefined,
});

// $1 company, $2 subaccount, $3 whether the caller is the master acting for no subaccount. A list
// whose addresses are still being written ('uploading') is no one's to see yet.
const owned = "company_id = $1 AND ($3 OR subaccount_id = $2) AND status <> 'uploading'";
const params = (viewer: Viewer) => [viewer.companyId, viewer.subaccountId, viewer.isMaster];

export type ValidationJobStore = ReturnType<typeof createValidationJobStore>;

/** The one owner of `recipient_validation_jobs` and `recipient_validation_addresses`. */
export function createValidationJobStore(db: Db, clock: Clock, maxListsKept = maxValidationListsKept) {
  /** A job and its addresses, these in slices, so no one statement holds locks long. */
  const removeJob = async (id: string) => {
    await deleteInSlices(db, 'recipient_validation_addresses', 'job_id, position', 'job_id = $1', [id]);
    await db.query('DELETE FROM recipient_validation_jobs WHERE id = $1', [id]);
  };

  return {
    /**
     * A new job holding `addresses` in their order, waiting for its trigger: all written or none.
     * The addresses go in slices, each its own statement, the job hidden ('uploading') until the last
     * is in; a failed upload is deleted again. Refused ('tooMany') when the company keeps as many
     * lists as it may.
     */
    async create(
      companyId: string,
      subaccountId: number,
      originalFilename: string,
      addresses: readonly string[],
    ): Promise<ValidationJob | 'tooMany'> {
      const id = randomUUID();
      const now = clock.now();
      const started = await db.maybeOne<Row>(
        `INSERT INTO recipient_validation_jobs
           (id, company_id, subaccount_id, original_filename, address_count, status, created_at, updated_at)
         SELECT $1, $2, $3, $4, $5, 'uploading', $6, $6
         WHERE (SELECT count(*) FROM recipient_validation_jobs WHERE company_id = $2) < $7
         RETURNING id`,
        [id, companyId, subaccountId, originalFilename, addresses.length, now, maxListsKept],
      );
      if (!started) return 'tooMany';
      try {
        for (let from = 0; from < addresses.length; from += insertBatch) {
          await db.query(
            `INSERT INTO recipient_validation_addresses (job_id, position, address)
             SELECT $1, $2::integer + ordinality::integer - 1, address
             FROM unnest($3::text[]) WITH ORDINALITY AS slice (address, ordinality)`,
            [id, from, addresses.slice(from, from + insertBatch)],
          );
        }
        const row = await db.one<Row>(
          `UPDATE recipient_validation_jobs SET status = 'queued_for_batch' WHERE id = $1 RETURNING ${columns}`,
          [id],
        );
        return toJob(row);
      } catch (error) {
        await removeJob(id);
        throw error;
      }
    },

    async get(viewer: Viewer, id: string): Promise<ValidationJob | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const row = await db.maybeOne<Row>(
        `SELECT ${columns} FROM recipient_validation_jobs WHERE ${owned} AND id = $4`,
        [...params(viewer), id],
      );
      return row ? toJob(row) : undefined;
    },

    async list(viewer: Viewer): Promise<ValidationJob[]> {
      const rows = await db.query<Row>(
        `SELECT ${columns} FROM recipient_validation_jobs WHERE ${owned}
         ORDER BY created_at DESC, id LIMIT $4`,
        [...params(viewer), maxListsKept],
      );
      return rows.map(toJob);
    },

    /**
     * Starts validation of a job waiting for its trigger, or resumes one that failed (what was
     * validated stays); undefined when the viewer has no such job.
     */
    async trigger(viewer: Viewer, id: string): Promise<ValidationJob | undefined> {
      if (!uuidPattern.test(id)) return undefined;
      const row = await db.maybeOne<Row>(
        `UPDATE recipient_validation_jobs
           SET status = CASE WHEN status IN ('queued_for_batch', 'error') THEN 'validating' ELSE status END, updated_at = $5
         WHERE ${owned} AND id = $4 RETURNING ${columns}`,
        [...params(viewer), id, clock.now()],
      );
      return row ? toJob(row) : undefined;
    },

    /**
     * Claims the validating job waiting longest (not claimed by another process, unless that one is
     * among `deadHolders`) for the worker process `holder` until `leaseMs` from now, with its next
     * `size` addresses not yet validated.
     */
    async claimSlice(
      size: number,
      leaseMs: number,
      holder: string,
      deadHolders: readonly string[],
    ): Promise<{ jobId: string; addresses: { position: number; address: string }[] } | undefined> {
      const now = clock.now();
      const claimed = await db.maybeOne<{ id: string }>(
        `UPDATE recipient_validation_jobs SET claimed_until = $2, claimed_by = $3
         WHERE id = (SELECT id FROM recipient_validation_jobs
                     WHERE status = 'validating'
                       AND (claimed_until IS NULL OR claimed_until < $1 OR ${heldByAny('claimed_by', '$4')})
                     ORDER BY updated_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id`,
        [now, new Date(now.getTime() + leaseMs), holder, deadHolders],
      );
      if (!claimed) return undefined;
      const addresses = await db.query<{ position: number; address: string }>(
        `SELECT position, address FROM recipient_validation_addresses
         WHERE job_id = $1 AND result IS NULL ORDER BY position LIMIT $2`,
        [claimed.id, size],
      );
      return { jobId: claimed.id, addresses };
    },

    /** Stores a slice's results and releases the claim; the job is done when no address is left. */
    async recordSlice(
      jobId: string,
      results: readonly { position: number; result: RecipientValidationResult }[],
    ): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const written = await tx.query(
          `UPDATE recipient_validation_addresses AS a SET result = r.result::jsonb
           FROM unnest($2::integer[], $3::text[]) AS r (position, result)
           WHERE a.job_id = $1 AND a.position = r.position AND a.result IS NULL
           RETURNING a.position`,
          [jobId, results.map((one) => one.position), results.map((one) => JSON.stringify(one.result))],
        );
        await tx.query(
          `UPDATE recipient_validation_jobs
             SET validated_count = validated_count + $2, claimed_until = NULL, claimed_by = NULL, updated_at = $3,
               status = CASE WHEN validated_count + $2 >= address_count THEN 'success' ELSE status END,
               completed_at = CASE WHEN validated_count + $2 >= address_count THEN $3 ELSE completed_at END
           WHERE id = $1`,
          [jobId, written.length, now],
        );
      });
    },

    /** Gives up on a job whose slice could not be validated: it stays readable, as `error`. */
    async fail(jobId: string): Promise<void> {
      await db.query(
        `UPDATE recipient_validation_jobs SET status = 'error', claimed_until = NULL, claimed_by = NULL, updated_at = $2
         WHERE id = $1`,
        [jobId, clock.now()],
      );
    },

    /** A job's addresses and results in upload order, `size` at a time after `afterPosition`. */
    async results(
      jobId: string,
      afterPosition: number,
      size: number,
    ): Promise<(ValidatedAddress & { position: number })[]> {
      return db.query<ValidatedAddress & { position: number }>(
        `SELECT position, address, result FROM recipient_validation_addresses
         WHERE job_id = $1 AND position > $2 ORDER BY position LIMIT $3`,
        [jobId, afterPosition, size],
      );
    },

    /**
     * Deletes the jobs uploaded before `before`: each job's addresses in slices (a list holds up to
     * 100,000), then the job, so no one statement holds locks long.
     */
    async purgeUploadedBefore(before: Date): Promise<number> {
      const abandoned = new Date(clock.now().getTime() - abandonedUploadMs);
      const jobs = await db.query<{ id: string }>(
        `SELECT id FROM recipient_validation_jobs
         WHERE created_at < $1 OR (status = 'uploading' AND created_at < $2)`,
        [before, abandoned],
      );
      for (const { id } of jobs) await removeJob(id);
      return jobs.length;
    },
  };
}
