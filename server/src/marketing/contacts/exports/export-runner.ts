import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Notifier } from '../../../accounts/notifications/notification-store.ts';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { type ClaimHolder, claimingProcess } from '../../../db/token-lease.ts';
import type { ContactService } from '../contact-service.ts';
import { fieldStore } from '../field-store.ts';
import { writeContactFile } from './export-file.ts';
import { type ContactExportJob, contactExportKeptMs, contactExportStore as store } from './export-store.ts';

/** A file in the exports' folder this much older than an export is kept belongs to no export. */
const staleGraceMs = 86_400_000;

/** Contacts read per page: one query, then the claim renewed. */
const pageSize = 2000;

export interface ContactExportRunnerDeps {
  db: Db;
  clock: Clock;
  contacts: Pick<ContactService, 'inPages'>;
  notify: Notifier['notify'];
  /** Where written files wait for their download (under DATA_DIR). */
  dir: string;
  /** Whether this process may go on (false once it is stopping: the export is written again later). */
  alive?: () => boolean;
  /**
   * This process among the worker processes: its claims name it, and an export held by a process found
   * dead is taken up at once rather than when its claim lapses. Without one, only a lapsed claim is free.
   */
  holder?: ClaimHolder;
}

/** The console path of an export's file (with the session). */
export const contactExportDownloadPath = (id: string) => `/contacts/export/${id}/download`;

/**
 * The export went to another worker while this one wrote it, or this process is stopping: this one
 * stops and records nothing (a stopped one is taken up again when its claim lapses, or at once once
 * its process is found dead).
 */
class LostClaim extends Error {}

const rowsText = (count: number) => `${count.toLocaleString('en-US')} contact${count === 1 ? '' : 's'}`;

/**
 * Writes contact exports: claims the oldest queued one, reads its contacts in keyset pages (the claim
 * renewed after each), writes the file under `dir`, then records it and tells the user in one
 * transaction. A worker that dies leaves its claim, free once it lapses or once the process is found
 * dead; the export is written again from the start.
 */
export function createContactExportRunner(deps: ContactExportRunnerDeps) {
  const { db, clock, notify, dir } = deps;

  const failed = (job: ContactExportJob) => ({
    companyId: job.companyId,
    userId: job.userId,
    message: 'Your contact export failed. Start it again from the Contact Book.',
    link: '',
  });

  async function run(job: ContactExportJob): Promise<void> {
    await mkdir(dir, { recursive: true });
    // Named by the claim too: a worker taking a stalled export over writes its own file.
    const path = join(dir, `${job.id}-${job.claimToken}.${job.format}`);
    const tags = (await fieldStore.list(db, job.companyId)).map((field) => field.tag);
    async function* pages() {
      for await (const page of deps.contacts.inPages(job.companyId, job.filter, pageSize)) {
        yield page;
        if (deps.alive?.() === false || !(await store.extendClaim(db, job, clock.now())))
          throw new LostClaim();
      }
    }
    const written = await writeContactFile(path, job.format, tags, pages()).catch(async (error: unknown) => {
      await rm(path, { force: true });
      throw error;
    });
    const now = clock.now();
    const recorded = await db
      .transaction(async (tx) => {
        if (!(await store.finish(tx, job, { filePath: path, ...written }, now))) return false;
        await notify(
          tx,
          {
            companyId: job.companyId,
            userId: job.userId,
            message: written.truncated
              ? `Your contact export is ready: the first ${rowsText(written.rowCount)} (an Excel sheet's limit). Export as CSV for all of them.`
              : `Your contact export is ready: ${rowsText(written.rowCount)}.`,
            link: contactExportDownloadPath(job.id),
          },
          now,
        );
        return true;
      })
      .catch(async (error: unknown) => {
        await rm(path, { force: true });
        throw error;
      });
    // Another worker took the export over and writes its own file.
    if (!recorded) await rm(path, { force: true });
  }

  return {
    /** Writes one due export to its end; answers how many it wrote (0 or 1). */
    async runDue(): Promise<number> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        for (const job of await store.failAbandoned(tx, now, deps.holder?.deadHolders()))
          await notify(tx, failed(job), now);
      });
      const job = await store.claim(db, now, claimingProcess(deps.holder));
      if (!job) return 0;
      try {
        await run(job);
      } catch (error) {
        if (error instanceof LostClaim) return 1;
        await db.transaction(async (tx) => {
          if (await store.fail(tx, job, (error as Error).message, clock.now())) {
            await notify(tx, failed(job), clock.now());
          }
        });
        throw error;
      }
      return 1;
    },

    /**
     * Removes the exports past their expiry and their files, and any file left by a worker that died
     * while writing it (older than an export is kept).
     */
    async purgeExpired(): Promise<void> {
      const now = clock.now();
      for (const path of await store.purgeExpired(db, now)) await rm(path, { force: true });
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const path = join(dir, name);
        const made = await stat(path).then(
          (found) => found.mtimeMs,
          () => now.getTime(),
        );
        if (made < now.getTime() - contactExportKeptMs - staleGraceMs) await rm(path, { force: true });
      }
    },
  };
}
