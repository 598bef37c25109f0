import { rm } from 'node:fs/promises';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { planLimitOf } from '../../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../../clock.ts';
import type { Db } from '../../../db/db.ts';
import { type ClaimHolder, claimingProcess } from '../../../db/token-lease.ts';
import { DomainError } from '../../../domain-error.ts';
import type { MarketingEngine } from '../../../engine/interfaces.ts';
import type { CompanyDoor } from '../../company-door.ts';
import { createContactStore } from '../contact-store.ts';
import { fieldStore } from '../field-store.ts';
import { unmailableAmong } from '../unmailable.ts';
import { applySlice } from './import-apply.ts';
import { fileRecords } from './import-file.ts';
import { checkedRow, identityColumnOf, rowPlanOf } from './import-rows.ts';
import { type ImportRow, importStore, type RowError, type StagedRow } from './import-store.ts';

/**
 * How long a claim holds without news from its worker; each slice renews it. A worker process found
 * dead frees its claim at once (see {@link ImportRunnerDeps.holder}).
 */
const claimMs = 30_000;
/**
 * How long a slice aims to take, the database's work included. The database works in its own
 * process or thread (PGlite runs in a worker thread), so the event loop holds only the parsing and
 * checking of the slice's rows, a few milliseconds (`npm run bench:contacts` measures the longest
 * stall); the budget keeps progress commits well under a second apart. On PGlite, whose one
 * connection every other company's request waits for while a slice commits, the server gives a
 * smaller budget ({@link sharedConnectionSliceMs}).
 */
const sliceBudgetMs = 200;
/**
 * On a database with one connection (PGlite): slices of about 40 ms with a 15 ms rest after each one
 * that other statements waited behind, in which the other companies' queries run one after another; a
 * neighbour's request waits for about one slice, not one slice a query.
 */
export const sharedConnectionSlices = { sliceMs: 40, restMs: 15 } as const;
/**
 * Contacts other writers (the console, forms) may add while an import runs between two exact counts
 * of the company's contacts: the count, which reads up to the plan's limit of rows, is made again only
 * when the room left could be within this of running out.
 */
const countSlack = 10_000;
const minSlice = 100;
/** How long a prepared import waits to be started before its file goes. */
const unstartedKeptMs = 24 * 60 * 60 * 1000;
const maxSlice = 10_000;

export interface ImportRunnerDeps {
  db: Db;
  clock: Clock;
  engine: Pick<MarketingEngine, 'suppressedForMarketing'>;
  company: CompanyDoor;
  /** Whether this process may go on (false once it is stopping). */
  alive?: () => boolean;
  /**
   * This process among the worker processes: its claims name it, and an import held by a process found
   * dead is taken up at once rather than when its claim lapses. Without one, only a lapsed claim is free.
   */
  holder?: ClaimHolder;
  /** How long a slice aims to take (200 ms) and rests after it (none); {@link sharedConnectionSlices} on PGlite. */
  slices?: { sliceMs: number; restMs: number };
}

/** A slice size that adapts to how long the last slice took, towards the budget. */
function sliceSizer(budgetMs: number) {
  let size = 500;
  return {
    get size() {
      return size;
    },
    took(ms: number, rows: number) {
      if (rows < size) return;
      const next = ms <= 0 ? size * 2 : Math.round((size * budgetMs) / ms);
      size = Math.min(maxSlice, Math.max(minSlice, Math.min(next, size * 2)));
    },
  };
}

/**
 * Runs contact imports in the background: claims a running import, reads its file into staging rows
 * (checked, with each rejected row's line and reason), then applies the staged rows to the contact
 * book, one slice per transaction. Every slice commits its rows with the import's counters, and
 * slices are sized to take about {@link sliceBudgetMs} ms, with a turn of the event loop between them:
 * a process killed at any point leaves an import that the next claim resumes where it stood.
 */
export function createImportRunner(deps: ImportRunnerDeps) {
  const restMs = deps.slices?.restMs ?? 0;
  const { db, clock } = deps;
  /**
   * Between two slices: a turn of the event loop, and on one connection a rest while other statements
   * wait for it (where the database cannot tell, always): alone, an import runs on.
   */
  const rest = () => (restMs > 0 && (db.othersWaiting?.() ?? 1) > 0 ? sleep(restMs) : nextTurn());
  const alive = deps.alive ?? (() => true);
  const contacts = createContactStore(db);
  const claimUntil = () => new Date(clock.now().getTime() + claimMs);
  /** The claim a slice renews: for claimMs more, by this process as it is now named. */
  const claim = () => ({ until: claimUntil(), by: deps.holder?.id() ?? null });

  async function readFile(job: ImportRow): Promise<void> {
    const fields = await fieldStore.list(db, job.company_id);
    const plan = rowPlanOf(job.headers, job.mapping ?? {}, fields, {
      emptyCells: job.empty_cells ?? 'keep',
      addressOptional: job.address_optional,
    });
    const sizer = sliceSizer(deps.slices?.sliceMs ?? sliceBudgetMs);
    let rowNumber = 0;
    let rows: StagedRow[] = [];
    let errors: RowError[] = [];
    let pending = 0;
    let started = performance.now();
    const flush = async () => {
      if (pending === 0) return;
      const [staged, rejected, count] = [rows, errors, pending];
      rows = [];
      errors = [];
      pending = 0;
      await db.transaction(async (tx) => {
        await ensureStill(tx, job.id, 'read', rowNumber - count);
        await importStore.stage(tx, job.id, staged);
        await importStore.record(tx, job.id, { read: count, failed: rejected.length }, rejected, claim());
      });
      sizer.took(performance.now() - started, count);
      await rest();
      if (!alive()) throw new Stopped();
      started = performance.now();
    };
    let header = true;
    for await (const record of fileRecords(job.file_path, job)) {
      if (header) {
        header = false;
        continue;
      }
      rowNumber += 1;
      if (rowNumber <= job.read) continue;
      const checked = checkedRow(plan, job.headers, record, rowNumber);
      if ('row' in checked) rows.push(checked.row);
      else errors.push(checked.error);
      pending += 1;
      if (pending >= sizer.size) await flush();
    }
    await flush();
    await importStore.markReadDone(db, job.id);
  }

  async function applyRows(job: ImportRow, read: number): Promise<void> {
    const sizer = sliceSizer(deps.slices?.sliceMs ?? sliceBudgetMs);
    const mappedBuiltIns = (['firstname', 'lastname', 'phone'] as const).filter((tag) =>
      Object.values(job.mapping ?? {}).includes(tag),
    );
    let processed = job.processed;
    // The company's contacts at the last exact count, plus those this import added since.
    let held: number | undefined;
    while (processed < read) {
      const started = performance.now();
      const upTo = Math.min(read, processed + sizer.size);
      // Asked before the transaction: the engine answers on its own connection.
      const suppressed = await unmailableAmong(
        db,
        deps.engine,
        job.company_id,
        await importStore.stagedEmails(db, job.id, processed, upTo),
      );
      await db.transaction(async (tx) => {
        await ensureStill(tx, job.id, 'processed', processed);
        await deps.company.lock(tx, job.company_id);
        const limit = await planLimitOf(tx, job.company_id, 'contacts', 'contactLimit');
        if (limit !== -1 && (held === undefined || held + (upTo - processed) + countSlack >= limit)) {
          held = await contacts.countUpTo(tx, job.company_id, limit);
        }
        const { counts, errors } = await applySlice(tx, {
          importId: job.id,
          companyId: job.company_id,
          mode: job.mode ?? 'upsert',
          addressOptional: job.address_optional,
          emptyCells: job.empty_cells ?? 'keep',
          identityColumn: identityColumnOf(job.mapping ?? {}),
          mappedBuiltIns,
          labels: job.labels ?? [],
          after: processed,
          upTo,
          room: limit === -1 ? Number.POSITIVE_INFINITY : limit - (held ?? 0),
          suppressed,
          consent: {
            at: clock.now().toISOString(),
            source: `import ${job.file_name}`,
            text: 'Imported from a file',
          },
          now: clock.now(),
        });
        await importStore.record(tx, job.id, counts, errors, claim());
        if (held !== undefined) held += counts.added ?? 0;
      });
      sizer.took(performance.now() - started, upTo - processed);
      processed = upTo;
      await rest();
      if (!alive()) throw new Stopped();
    }
  }

  /**
   * After an import ends: its staged rows go, and the contacts' statistics are refreshed. Best effort,
   * never the import's outcome: what fails here, the contact housekeeping does again.
   */
  const tidyUp = () =>
    Promise.all([importStore.dropEndedStaged(db), contacts.refreshStatistics()]).catch(() => undefined);

  async function run(job: ImportRow): Promise<void> {
    try {
      if (!job.read_done) {
        await readFile(job);
        // Without them the slices are slower, never wrong.
        await importStore.refreshStatistics(db).catch(() => undefined);
      }
      const current = await importStore.get(db, job.company_id, job.id);
      if (!current) return;
      await applyRows(current, current.read);
      await db.transaction((tx) => importStore.finish(tx, job.id, {}, clock.now()));
    } catch (error) {
      if (error instanceof Stopped) return;
      // A file that cannot be read further says why; anything else is logged by the worker.
      const refusal = error instanceof DomainError;
      const message = refusal ? error.message : 'The import stopped on an unexpected error';
      await db.transaction((tx) => importStore.finish(tx, job.id, { failed: message }, clock.now()));
      await rm(job.file_path, { force: true });
      await tidyUp();
      if (!refusal) throw error;
      return;
    }
    await rm(job.file_path, { force: true });
    await tidyUp();
  }

  return {
    /** Removes the files of imports prepared a day ago and never started (their rows go too). */
    async purgeUnstarted(): Promise<number> {
      const files = await importStore.purgeUnstarted(db, new Date(clock.now().getTime() - unstartedKeptMs));
      await Promise.all(files.map((file) => rm(file, { force: true })));
      return files.length;
    },

    /** Removes what ended imports left staged (see {@link tidyUp}). */
    dropEndedStaged: () => importStore.dropEndedStaged(db),

    /** Runs one due import to its end (or until the process stops); 1 when there was one. */
    async runDue(): Promise<number> {
      const job = await importStore.claimDue(db, clock.now(), claimUntil(), claimingProcess(deps.holder));
      if (!job) return 0;
      await run(job);
      return 1;
    },
  };
}

/**
 * The process is stopping, or another worker took the import over (this one stalled past its claim,
 * or was found dead): the import stays where its last commit left it.
 */
class Stopped extends Error {}

/**
 * Refuses a slice whose import moved on without this worker, or ended: no slice is ever applied twice,
 * nor to an import that has failed or finished.
 */
async function ensureStill(
  tx: Db,
  id: string,
  counter: 'read' | 'processed',
  expected: number,
): Promise<void> {
  const progress = await importStore.progress(tx, id);
  if (progress.state !== 'running' || progress[counter] !== expected) throw new Stopped();
}
