import { findUnstorableInSlices, maxJsonDepth, type Unstorable } from '@app/contract/engine/index';
import { type Db, pipelined } from '../../db/db.ts';
import { EngineError } from '../../engine-error.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import type { SuppressionCheck } from '../suppression/suppression-store.ts';
import type { PlanQuotas, QuotaCharge, UsageMeter } from '../usage/usage-meter.ts';
import {
  insertMessages,
  insertQueued,
  type NewMessage,
  type QueuedBatch,
  queuedPayloads,
} from './message-writer.ts';

/** A transmission row as written with its messages (scheduled ones are written with none). */
export interface NewTransmission {
  id: string;
  companyId: string;
  subaccountId: number;
  state: 'submitted' | 'Generating' | 'Success' | 'Canceled';
  environment: 'sandbox' | 'production';
  campaignId: string;
  description: string;
  templateId: string | null;
  request: unknown;
  startTime: Date | null;
  numRcpts: number;
  numGenerated: number;
  numFailedGen: number;
  numInvalidRcpts: number;
  createdAt: Date;
  /** The content and shared data its queued recipients are composed from (transmissions accepted in bulk). */
  generation?: unknown;
  /** Accepted once per company and key (migration 050): a second acceptance fails as a unique violation. */
  idempotencyKey?: string;
}

/** One chunk of a transmission generated in chunks: which recipients it covers and how they went. */
export interface GenerationProgress {
  transmissionId: string;
  companyId: string;
  /** Recipients done before this chunk (the chunk is refused unless the row still says so). */
  from: number;
  /** Recipients done with this chunk. */
  to: number;
  generated: number;
  failed: number;
  /** The last chunk: the transmission becomes Success. */
  last: boolean;
  at: Date;
  /** A scheduled transmission accepted in bulk when due: the content its queued recipients are composed from. */
  generation?: unknown;
}

/** Everything one accepted request (or one chunk of a transmission) writes: committed together or not at all. */
export interface IngestUnit {
  companyId: string;
  charges: QuotaCharge[];
  transmission?: NewTransmission;
  progress?: GenerationProgress;
  messages: NewMessage[];
  /** Recipients of a transmission accepted in bulk: their messages are composed when a delivery worker takes them. */
  queued?: QueuedBatch;
  events: NewMessageEvent[];
}

export type IngestResult = { ok: true } | { ok: false; feature: string; limitName: string };

/**
 * A send screened against the suppression list in the transaction that writes it, so it waits for
 * one database turn instead of two: `complete` makes the unit to write once the suppressed among
 * `screen.addresses` are known.
 */
export interface ScreenedUnit {
  screen: SuppressionCheck;
  complete(suppressed: ReadonlySet<string>): Promise<IngestUnit>;
}

export interface IngestDeps {
  usage: UsageMeter;
  insertEvents(tx: Db, events: NewMessageEvent[]): Promise<void>;
  insertTransmissions(tx: Db, transmissions: NewTransmission[]): Promise<void>;
  /** Records generated chunks; throws when a transmission is no longer at a chunk's `from`. */
  recordProgress(tx: Db, progress: GenerationProgress[]): Promise<void>;
  /** The suppressed addresses of each check, through `tx` (the suppression store's). */
  suppressedIn(tx: Db, checks: readonly SuppressionCheck[]): Promise<Set<string>[]>;
}

/** A unit holding text PostgreSQL cannot store: refused before it joins a batch. */
export class UnstorableUnitError extends EngineError {
  readonly problem: Unstorable;
  constructor(problem: Unstorable) {
    super('invalid', `${problem.path.join('.')}: ${problem.message}`);
    this.problem = problem;
  }
}

/** Units wrap request data (already limited to maxJsonDepth) in a few levels of their own. */
export const maxUnitDepth = maxJsonDepth + 8;

interface Waiting {
  /** What is written when nothing of a screened send is suppressed (its rows made before the transaction). */
  unit: IngestUnit;
  screened?: ScreenedUnit;
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

/** Units per transaction: large enough to amortize the commit, small enough to keep latency low. */
const maxUnitsPerCommit = 500;

/**
 * A unit queuing more recipients than this commits alone on PostgreSQL: its COPY takes up to a
 * second or two, which the other sends of a batch would wait for. At most `maxSoloCommits` run at
 * once, each on a pooled connection of its own.
 */
const soloRecipients = 1_000;
const maxSoloCommits = 2;

/** A solo unit over a quota: its transaction is rolled back, and its caller answered with this. */
class QuotaRefused extends Error {
  readonly result: IngestResult;
  constructor(result: Extract<IngestResult, { ok: false }>) {
    super('over quota');
    this.result = result;
  }
}

export type IngestWriter = ReturnType<typeof createIngestWriter>;

/**
 * Group commit: requests arriving while a transaction runs are written together in the next one,
 * so a burst of sends costs one commit (one WAL flush) per batch instead of one per request. Each
 * caller's promise settles only after its rows are committed. A unit with text PostgreSQL cannot
 * store never joins a batch; a batch that fails anyway is split in halves and retried, so one bad
 * unit costs its neighbours a few retries, not one transaction each.
 */
export function createIngestWriter(db: Db, deps: IngestDeps) {
  let waiting: Waiting[] = [];
  let running = false;

  async function plansOf(units: IngestUnit[]): Promise<Map<string, PlanQuotas>> {
    // A screened send's charges are final only in the transaction: its plan is read beforehand all the same.
    const companies = [...new Set(units.map((unit) => unit.companyId))];
    const plans = await Promise.all(companies.map((companyId) => deps.usage.planQuotas(companyId)));
    return new Map(companies.map((companyId, index) => [companyId, plans[index] ?? new Map()]));
  }

  /** Charges each unit's quotas through `tx`; the results, in order (ok false: refused, nothing of it written). */
  async function chargeUnits(
    tx: Db,
    units: IngestUnit[],
    plans: Map<string, PlanQuotas>,
  ): Promise<IngestResult[]> {
    const results: IngestResult[] = [];
    // Charges no quota limits are summed over the batch: one counter update per company and feature.
    const counted = new Map<string, Map<string, number>>();
    for (const unit of units) {
      const plan = plans.get(unit.companyId) ?? new Map();
      const { enforced, counted: toCount } = deps.usage.split(plan, unit.charges);
      const charged = await deps.usage.charge(tx, unit.companyId, plan, enforced);
      results.push(charged);
      if (!charged.ok) continue;
      const totals = counted.get(unit.companyId) ?? new Map<string, number>();
      for (const charge of toCount)
        totals.set(charge.feature, (totals.get(charge.feature) ?? 0) + charge.amount);
      counted.set(unit.companyId, totals);
    }
    await pipelined(
      [...counted].map(([companyId, totals]) =>
        deps.usage.count(
          tx,
          companyId,
          plans.get(companyId) ?? new Map(),
          [...totals].map(([feature, amount]) => ({ feature, amount })),
        ),
      ),
    );
    return results;
  }

  /** Writes the units' rows through `tx`: transmissions, progress, messages, queued recipients, events. */
  async function writeRows(tx: Db, accepted: IngestUnit[]): Promise<void> {
    const transmissions = accepted.flatMap((unit) => (unit.transmission ? [unit.transmission] : []));
    const progress = accepted.flatMap((unit) => (unit.progress ? [unit.progress] : []));
    const messages = accepted.flatMap((unit) => unit.messages);
    const queued = accepted.flatMap((unit) => (unit.queued ? [unit.queued] : []));
    const events = accepted.flatMap((unit) => unit.events);
    // Independent tables: sent together rather than each after the last one's answer.
    await pipelined([
      transmissions.length > 0 ? deps.insertTransmissions(tx, transmissions) : undefined,
      progress.length > 0 ? deps.recordProgress(tx, progress) : undefined,
      messages.length > 0 ? insertMessages(tx, messages) : undefined,
      queued.length > 0 ? insertQueued(tx, queued) : undefined,
      events.length > 0 ? deps.insertEvents(tx, events) : undefined,
    ]);
  }

  /** A batch: quotas first, then the rows of the units they let through. */
  async function writeUnits(
    tx: Db,
    units: IngestUnit[],
    plans: Map<string, PlanQuotas>,
  ): Promise<IngestResult[]> {
    const results = await chargeUnits(tx, units, plans);
    await writeRows(
      tx,
      units.filter((_, index) => results[index]?.ok),
    );
    return results;
  }

  /** The units to write: screened sends completed with what one query through `tx` finds suppressed. */
  async function completeUnits(tx: Db, batch: readonly Waiting[]): Promise<IngestUnit[]> {
    const screened = batch.flatMap((item) => (item.screened ? [item.screened] : []));
    if (screened.length === 0) return batch.map((item) => item.unit);
    const found = await deps.suppressedIn(
      tx,
      screened.map((unit) => unit.screen),
    );
    const suppressedOf = new Map(screened.map((unit, index) => [unit, found[index] ?? new Set<string>()]));
    return Promise.all(
      batch.map((item) => {
        const suppressed = item.screened && suppressedOf.get(item.screened);
        // Nothing suppressed: the unit made before the transaction, its rows already stringified.
        return item.screened && suppressed && suppressed.size > 0
          ? item.screened.complete(suppressed)
          : item.unit;
      }),
    );
  }

  let soloRunning = 0;
  const soloWaiting: Array<() => void> = [];

  /**
   * Commits one large unit on a connection of its own, its rows first and its quota charge last: the
   * company's usage counters are locked only for the end of the transaction, not through the COPY.
   */
  async function commitSolo(item: Waiting): Promise<void> {
    while (soloRunning >= maxSoloCommits) await new Promise<void>((resolve) => soloWaiting.push(resolve));
    soloRunning += 1;
    try {
      const plans = await plansOf([item.unit]);
      await db.transaction(async (tx) => {
        const units = await completeUnits(tx, [item]);
        await writeRows(tx, units);
        const [charged] = await chargeUnits(tx, units, plans);
        if (charged && !charged.ok) throw new QuotaRefused(charged);
      });
      item.resolve({ ok: true });
    } catch (error) {
      if (error instanceof QuotaRefused) item.resolve(error.result);
      else item.reject(error);
    } finally {
      soloRunning -= 1;
      soloWaiting.shift()?.();
    }
  }

  /** Writes `batch` in one transaction; when that fails, each half on its own, down to single units. */
  async function commit(batch: Waiting[]): Promise<void> {
    try {
      const plans = await plansOf(batch.map((item) => item.unit));
      const results = await db.transaction(async (tx) =>
        writeUnits(tx, await completeUnits(tx, batch), plans),
      );
      batch.forEach((item, index) => {
        item.resolve(results[index] ?? { ok: true });
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      await commit(batch.slice(0, half));
      await commit(batch.slice(half));
    }
  }

  async function drain(): Promise<void> {
    running = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, maxUnitsPerCommit);
        waiting = waiting.slice(batch.length);
        await commit(batch);
      }
    } finally {
      running = false;
    }
  }

  return {
    /**
     * Resolves once the unit is committed (or refused for quota, with nothing written). A screened
     * send is screened in the transaction that writes it.
     */
    async write(send: IngestUnit | ScreenedUnit): Promise<IngestResult> {
      const screened = 'screen' in send ? send : undefined;
      const unit = screened ? await screened.complete(new Set()) : (send as IngestUnit);
      // Walked in slices: a 100,000-recipient unit is too large to check in one turn of the event loop.
      const problem = await findUnstorableInSlices(
        { transmission: unit.transmission, messages: unit.messages, events: unit.events },
        maxUnitDepth,
      );
      if (problem) throw new UnstorableUnitError(problem);
      if (unit.queued && db.copyFrom && unit.queued.recipients.length > soloRecipients) {
        return new Promise<IngestResult>((resolve, reject) => {
          void commitSolo({ unit, ...(screened && { screened }), resolve, reject });
        });
      }
      // Without COPY (PGlite, one connection) the rows are stringified before the transaction holds it.
      const ready = unit.queued
        ? { ...unit, queued: { ...unit.queued, payloads: await queuedPayloads(unit.queued.recipients) } }
        : unit;
      return new Promise<IngestResult>((resolve, reject) => {
        waiting.push({ unit: ready, ...(screened && { screened }), resolve, reject });
        if (!running) {
          // Start on the next turn of the event loop, so requests parsed in this one join the batch.
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
