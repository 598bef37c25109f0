import { type ActivityFilters, activityExportRowLimit } from '@app/contract/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { companyMaster } from '../../principal.ts';
import { eventSearchOf } from '../events/event-query.ts';
import type { EventKey, EventStore, StoredMessageEvent } from '../events/event-store.ts';
import { type LeaseHolder, standaloneHolder } from '../worker-presence/lease-holder.ts';
import type { EventExport, ExportStore } from './export-store.ts';
import { writeEventWorkbook } from './export-workbook.ts';

/** Events read per slice: one search, one turn of the event loop. */
export const exportSliceRows = 5000;

/** Tells the export's user; the notifications domain implements it (its table stays its own). */
export type ExportNotifier = (
  target: Db,
  notification: { companyId: string; userId: string; message: string; link: string },
  at: Date,
) => Promise<unknown>;

export interface ExportRunnerDeps {
  db: Db;
  exports: ExportStore;
  events: Pick<EventStore, 'search'>;
  notify: ExportNotifier;
  clock: Clock;
  /** Most rows a file holds (activityExportRowLimit by default; tests make it small). */
  rowLimit?: number;
  /** This process among the worker processes (whose claims are free, whether it may go on); standalone by default. */
  holder?: LeaseHolder;
}

/** The export went to another worker while this one wrote it: this one stops and records nothing. */
class LostClaim extends Error {}

/** The console path of an export's file (the config API, with the session). */
export const exportDownloadPath = (id: string) => `/activity/exports/${id}/download`;

/** The event search of `filters` for `companyId` (throws the engine's invalid-value error when bad). */
export function exportSearchOf(companyId: string, filters: ActivityFilters, now: Date) {
  // The company's whole account, as a console session sees it.
  return eventSearchOf(filters, companyMaster(companyId), now);
}

/**
 * Runs activity exports: claims the oldest queued one, reads its events newest first in slices of
 * {@link exportSliceRows} (each slice a keyset page, the claim kept alive), writes them with the
 * streaming workbook writer, stores the file and tells the user, in one transaction.
 */
export function createExportRunner(deps: ExportRunnerDeps) {
  const rowLimit = deps.rowLimit ?? activityExportRowLimit;
  const holder = deps.holder ?? standaloneHolder();

  async function run(job: EventExport): Promise<void> {
    const search = exportSearchOf(job.companyId, job.filters, job.createdAt);
    let truncated = false;
    async function* pages(): AsyncGenerator<readonly StoredMessageEvent[]> {
      let after: EventKey | undefined;
      let left = rowLimit;
      while (left > 0) {
        const page = await deps.events.search(search.filter, Math.min(exportSliceRows, left), after);
        yield page.events;
        left -= page.events.length;
        if (!page.next) return;
        after = page.next;
        // A process that may be found dead stops: another one may be taking the export over.
        if (!holder.alive() || !(await deps.exports.extendClaim(job, deps.clock.now())))
          throw new LostClaim();
      }
      truncated = true;
    }
    const { file, rowCount } = await writeEventWorkbook(pages());
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // Another worker took the export over (this one stalled past its claim): it tells the user.
      if (!(await deps.exports.finish(tx, job, { file, rowCount, truncated }, now))) return;
      const rows = `${rowCount.toLocaleString('en-US')} event${rowCount === 1 ? '' : 's'}`;
      await deps.notify(
        tx,
        {
          companyId: job.companyId,
          userId: job.userId,
          message: truncated
            ? `Your activity export is ready: the first ${rows} (the export limit). Narrow the filters for the rest.`
            : `Your activity export is ready: ${rows}.`,
          link: exportDownloadPath(job.id),
        },
        now,
      );
    });
  }

  const failed = (job: Pick<EventExport, 'companyId' | 'userId'>) => ({
    companyId: job.companyId,
    userId: job.userId,
    message: 'Your activity export failed. Start it again from Activity.',
    link: '',
  });

  /** Fails, and tells the users of, the exports whose worker died on each attempt. */
  async function failAbandoned(): Promise<void> {
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      for (const job of await deps.exports.failAbandoned(tx, now, holder.deadHolders())) {
        await deps.notify(tx, failed(job), now);
      }
    });
  }

  return {
    /** Runs one due export to its end; returns how many it ran (0 or 1). */
    async runDue(): Promise<number> {
      if (!holder.alive()) return 0;
      await failAbandoned();
      const job = await deps.exports.claim(deps.clock.now(), holder.id(), holder.deadHolders());
      if (!job) return 0;
      try {
        await run(job);
      } catch (error) {
        if (error instanceof LostClaim) return 1;
        const now = deps.clock.now();
        await deps.db.transaction(async (tx) => {
          if (await deps.exports.fail(tx, job, (error as Error).message, now)) {
            await deps.notify(tx, failed(job), now);
          }
        });
        throw error;
      }
      return 1;
    },
  };
}

export type ExportRunner = ReturnType<typeof createExportRunner>;
