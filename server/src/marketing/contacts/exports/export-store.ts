import { randomUUID } from 'node:crypto';
import {
  type ContactExportFilter,
  type ContactExportFormat,
  contactExportsPending,
} from '@app/contract/marketing/contact-exports';
import type { Db } from '../../../db/db.ts';
import { type ClaimingProcess, heldByAnyOf, tokenLease } from '../../../db/token-lease.ts';
import { DomainError } from '../../../domain-error.ts';

export type ContactExportState = 'queued' | 'running' | 'done' | 'failed';

export interface ContactExportJob {
  id: string;
  companyId: string;
  userId: string;
  format: ContactExportFormat;
  filter: ContactExportFilter;
  state: ContactExportState;
  rowCount: number;
  truncated: boolean;
  filePath: string | null;
  /** The claim of the worker writing it: its outcome is recorded only with it. */
  claimToken: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  expiresAt: Date;
}

interface ExportRow {
  id: string;
  company_id: string;
  user_id: string;
  format: ContactExportFormat;
  filter: ContactExportFilter;
  state: ContactExportState;
  row_count: number;
  truncated: boolean;
  file_path: string | null;
  claim_token: string | null;
  created_at: Date;
  finished_at: Date | null;
  expires_at: Date;
}

const columns =
  'id, company_id, user_id, format, filter, state, row_count, truncated, file_path, claim_token, created_at, finished_at, expires_at';

const toJob = (row: ExportRow): ContactExportJob => ({
  id: row.id,
  companyId: row.company_id,
  userId: row.user_id,
  format: row.format,
  filter: row.filter,
  state: row.state,
  rowCount: row.row_count,
  truncated: row.truncated,
  filePath: row.file_path,
  claimToken: row.claim_token,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  expiresAt: row.expires_at,
});

/** A written file is offered this long, then removed. */
export const contactExportKeptMs = 7 * 86_400_000;
/**
 * A claim lasts this long without news from its worker (each page renews it); one held by a worker
 * process found dead is free at once.
 */
export const contactExportClaimMs = 2 * 60_000;
/** Claims of one export before it is given up (its worker died each time). */
export const contactExportAttempts = 3;

const lease = tokenLease<ExportRow>({
  table: 'contact_exports',
  state: 'state',
  returning: columns,
  claimMs: contactExportClaimMs,
  attempts: contactExportAttempts,
  holder: { column: 'claimed_by', heldByAny: heldByAnyOf },
});

/** The contact_exports table: every statement scoped by the company, but the workers' claims. */
export const contactExportStore = {
  /** Queues an export; refused while the company has {@link contactExportsPending} waiting or running. */
  async create(
    tx: Db,
    job: { companyId: string; userId: string; format: ContactExportFormat; filter: ContactExportFilter },
    now: Date,
  ): Promise<ContactExportJob> {
    const { pending } = await tx.one<{ pending: number }>(
      `SELECT count(*)::int AS pending FROM contact_exports WHERE company_id = $1 AND state IN ('queued', 'running')`,
      [job.companyId],
    );
    if (pending >= contactExportsPending) {
      throw new DomainError(
        'quotaExceeded',
        `At most ${contactExportsPending} contact exports can wait at once`,
        {
          feature: 'Contacts',
          subfeature: `${contactExportsPending} exports at once`,
          cause: 'Wait for an export to finish, then start the next.',
        },
      );
    }
    return toJob(
      await tx.one<ExportRow>(
        `INSERT INTO contact_exports (id, company_id, user_id, format, filter, state, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, 'queued', $6, $7) RETURNING ${columns}`,
        [
          randomUUID(),
          job.companyId,
          job.userId,
          job.format,
          JSON.stringify(job.filter),
          now,
          new Date(now.getTime() + contactExportKeptMs),
        ],
      ),
    );
  },

  /** One export of the company, unless it expired. */
  async find(db: Db, companyId: string, id: string, now: Date): Promise<ContactExportJob | undefined> {
    const row = await db.maybeOne<ExportRow>(
      `SELECT ${columns} FROM contact_exports WHERE id = $1 AND company_id = $2 AND expires_at > $3`,
      [id, companyId, now],
    );
    return row && toJob(row);
  },

  /** The company's newest exports, not yet expired. */
  async list(db: Db, companyId: string, now: Date, size = 10): Promise<ContactExportJob[]> {
    const rows = await db.query<ExportRow>(
      `SELECT ${columns} FROM contact_exports WHERE company_id = $1 AND expires_at > $2
       ORDER BY created_at DESC LIMIT $3`,
      [companyId, now, size],
    );
    return rows.map(toJob);
  },

  /**
   * Takes the oldest queued export, or a running one whose claim lapsed or whose holder is among
   * `by.deadHolders` (its worker died), with a fresh claim token, for the process `by.holder` (none
   * without `by`); one claimed {@link contactExportAttempts} times is left to `failAbandoned`.
   */
  async claim(db: Db, now: Date, by?: ClaimingProcess): Promise<ContactExportJob | undefined> {
    const row = await lease.claim(db, now, by);
    return row && toJob(row);
  },

  /** Keeps the claim while the worker writes; false once another worker holds the export. */
  extendClaim: (db: Db, job: ContactExportJob, now: Date): Promise<boolean> => lease.extend(db, job, now),

  /** Records the written file, if `job`'s claim is still the export's; returns whether it did. */
  finish: (
    tx: Db,
    job: ContactExportJob,
    result: { filePath: string; rowCount: number; truncated: boolean },
    now: Date,
  ): Promise<boolean> =>
    lease.finish(
      tx,
      job,
      { file_path: result.filePath, row_count: result.rowCount, truncated: result.truncated },
      now,
    ),

  /** Records the failure, if `job`'s claim is still the export's; returns whether it did. */
  fail: (tx: Db, job: ContactExportJob, error: string, now: Date): Promise<boolean> =>
    lease.fail(tx, job, error, now),

  /**
   * Fails the exports whose worker died on each attempt (the last one's claim lapsed, or its holder is
   * among `deadHolders`); returns them, to tell their users.
   */
  async failAbandoned(tx: Db, now: Date, deadHolders: readonly string[] = []): Promise<ContactExportJob[]> {
    return (await lease.failAbandoned(tx, now, deadHolders)).map(toJob);
  },

  /** Deletes the exports past their expiry; answers their files, for the caller to remove. */
  async purgeExpired(db: Db, now: Date): Promise<string[]> {
    const rows = await db.query<{ file_path: string | null }>(
      'DELETE FROM contact_exports WHERE expires_at < $1 RETURNING file_path',
      [now],
    );
    return rows.flatMap((row) => (row.file_path ? [row.file_path] : []));
  },
};
