import { performance } from 'node:perf_hooks';
import { domainOf } from '@app/contract/engine/email-address';
import type { Clock } from '../../clock.ts';
import { coalesce } from '../../db/coalesce.ts';
import type { Db } from '../../db/db.ts';
import type { ReportError } from '../../report-error.ts';
import type { NewMessageEvent } from '../events/message-event.ts';
import { messagesQueuedChannel } from '../messages/message-writer.ts';
import type { NewSuppression } from '../suppression/suppression-store.ts';
import { type LeaseHolder, standaloneHolder } from '../worker-presence/lease-holder.ts';
import { defaultRetryPeriodMs, nextAttemptAt } from './backoff.ts';
import { type ComposeDeps, composeClaimed } from './compose-claimed.ts';
import type { DeliveryOutcome, DeliveryTransport } from './delivery-transport.ts';
import { type Attempt, type AttemptResult, outcomeRecords, replyLine } from './outcome-events.ts';
import { type PrepareDeps, prepareMessage } from './prepare.ts';
import {
  claimDue,
  type QueuedMessage,
  type QueueUpdate,
  rawOf,
  recordAttempts,
  releaseLease,
  renewLease,
} from './queue-store.ts';

export interface DeliverySettings {
  /** Messages claimed at once. Default 100. */
  batchSize: number;
  /** Attempts in flight at once in this worker. Default 32. */
  concurrency: number;
  /** Of those, at most this many to one recipient domain. Default 8. */
  perDomainConcurrency: number;
  /**
   * How long a claim keeps other workers off its messages, should its worker neither finish nor be
   * found dead. Default 15 min; at least 3 attempt timeouts.
   */
  leaseMs: number;
  /** An attempt not answered by then counts as deferred. Default 5 min. */
  attemptTimeoutMs: number;
  /** How long a deferred message is retried before it bounces. Default 72 h (SparkPost's). */
  retryPeriodMs: number;
  /** Pause of start()'s loop when nothing is due; newly queued messages wake it sooner. Default 1 s. */
  idleMs: number;
  /**
   * Pause of start()'s loop after a batch that was not full, so a trickle of sends is delivered in
   * batches rather than one claim, composition and outcome commit per message. Default 200 ms.
   */
  gatherMs: number;
}

export interface DeliveryWorkerDeps {
  clock: Clock;
  /** `capture` (MAIL_MODE=capture): nothing leaves the machine, production mail is marked delivered here. */
  mode: 'deliver' | 'capture';
  /** The SMTP client; required to deliver. */
  transport?: DeliveryTransport;
  prepare: PrepareDeps;
  /**
   * The source addresses of the message's IP pool ('' when it names none) for this account: each
   * attempt binds to the next one in turn; [] (or no function) leaves it to the system.
   */
  addressesOf?(companyId: string, subaccountId: number, ipPool: string): Promise<string[]>;
  /** Writes events through the outcome's transaction (the event store's insert). */
  insertEvents(tx: Db, events: NewMessageEvent[]): Promise<void>;
  /** Gives back the quota of messages whose composition failed (the usage meter's refund). */
  refundUsage?: ComposeDeps['refundUsage'];
  trackingKey?: ComposeDeps['trackingKey'];
  /** Adds suppression entries through the outcome's transaction (the suppression store's addIn). */
  addSuppressions(tx: Db, entries: NewSuppression[]): Promise<void>;
  reportError: ReportError;
  /**
   * This process among the worker processes (its presence): names the worker's leases, says whose
   * leases are free (a dead process's) and whether the worker may still start attempts. Standalone
   * (never found dead, finding no one dead) by default.
   */
  holder?: LeaseHolder;
  settings?: Partial<DeliverySettings>;
}

export interface DeliveryWorker {
  /** Claims one batch of due messages and tries each once; resolves with how many were tried. */
  runOnce(): Promise<number>;
  /** Keeps claiming batches (two at a time) until stop(). */
  start(): void;
  /** Stops claiming, gives untried claimed messages back, waits for the attempts in flight. */
  stop(): Promise<void>;
}

const defaults: DeliverySettings = {
  batchSize: 100,
  concurrency: 32,
  perDomainConcurrency: 8,
  leaseMs: 15 * 60_000,
  attemptTimeoutMs: 5 * 60_000,
  retryPeriodMs: defaultRetryPeriodMs,
  idleMs: 1000,
  gatherMs: 200,
};

/** What the delivery event of a captured message says instead of a receiving server's answer. */
export const capturedReply = {
  code: 250,
  enhanced: '2.0.0',
  text: 'captured: MAIL_MODE=capture keeps mail on this server, nothing was sent',
} as const;

const timedOut = (ms: number): DeliveryOutcome => ({
  status: 'deferred',
  reply: { code: 451, enhanced: '4.4.1', text: `no answer within ${Math.round(ms / 1000)} s` },
  tls: false,
});

const localFailure = (error: unknown): DeliveryOutcome => ({
  status: 'deferred',
  reply: {
    code: 451,
    enhanced: '4.3.0',
    text: `local error: ${error instanceof Error ? error.message : String(error)}`,
  },
  tls: false,
});

/** `promise`, or `fallback` if it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Messages up to this size travel with the claim (none in capture mode, which never reads them). */
const rawWithClaimBytes = 256 * 1024;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Delivery workers on the messages table. Each batch is claimed under a lease; an attempt starts
 * only while at least half the lease remains (renewed otherwise) and is bounded by
 * attemptTimeoutMs (at most a third of the lease), so its outcome is written before another
 * worker could take the message over. A worker that dies leaves its messages to the others once
 * its process is found dead (its heartbeat stood still: worker-presence.ts), at the latest when the
 * lease expires; a worker whose own heartbeat goes unconfirmed starts no attempt until it is
 * confirmed, from before the others could find it dead. Delivery is at least once, never twice
 * while a worker is alive. Outcomes arriving together are committed together, each with its events
 * and suppression entries.
 */
export function createDeliveryWorker(db: Db, deps: DeliveryWorkerDeps): DeliveryWorker {
  const settings: DeliverySettings = { ...defaults, ...deps.settings };
  if (settings.attemptTimeoutMs * 3 > settings.leaseMs) {
    throw new Error('delivery: leaseMs must be at least three times attemptTimeoutMs');
  }
  const { transport } = deps;
  if (deps.mode === 'deliver' && !transport) throw new Error('delivery: a transport is needed to deliver');
  const holder = deps.holder ?? standaloneHolder();
  let claims = 0;
  let stopping = false;
  /** Turns through each pool's addresses. */
  let rotation = 0;
  // Limits shared by all the batches in flight (start() runs two).
  let inFlight = 0;
  /** Each running batch's way to hand its untaken messages back (stop() calls them). */
  const batchesInFlight = new Set<() => Promise<void>>();
  const domainsInFlight = new Map<string, number>();
  const slotWaiters = new Set<() => void>();
  const slotFreed = () => {
    for (const resolve of [...slotWaiters]) resolve();
    slotWaiters.clear();
  };

  const write = coalesce(
    async (attempts: Array<{ update: QueueUpdate; attempt: Attempt; result: AttemptResult }>) =>
      db.transaction(async (tx) => {
        const written = await recordAttempts(
          tx,
          attempts.map((item) => item.update),
        );
        const kept = attempts.filter((item) => written.has(item.update.id));
        const records = kept.map((item) => outcomeRecords(item.attempt, item.result));
        const events = records.flatMap((record) => record.events);
        const suppressions = records.flatMap((record) => record.suppressions);
        if (events.length > 0) await deps.insertEvents(tx, events);
        if (suppressions.length > 0) await deps.addSuppressions(tx, suppressions);
        return attempts.map((item) => written.has(item.update.id));
      }),
  );

  /** Commits an attempt's outcome; a few tries, since the delivery already happened. */
  async function commit(attempt: Attempt): Promise<boolean> {
    const { message, outcome, at } = attempt;
    const next =
      outcome.status === 'deferred'
        ? nextAttemptAt(message.attempts + 1, message.createdAt, at, settings.retryPeriodMs)
        : undefined;
    const result: AttemptResult = outcome.status === 'delivered' ? 'delivered' : next ? 'delayed' : 'bounced';
    const update: QueueUpdate = {
      id: message.id,
      lease: message.lease,
      status: result === 'delayed' ? 'queued' : result,
      nextAttemptAt: next ?? null,
      lastReply: replyLine(outcome.reply),
      finishedAt: result === 'delayed' ? null : at,
    };
    for (let tries = 1; ; tries += 1) {
      try {
        return await write({ update, attempt, result });
      } catch (error) {
        if (tries === 3) throw error;
        await pause(500 * tries);
      }
    }
  }

  /**
   * One attempt at one message: prepared and handed to the transport (or captured). Resolves once the
   * answer is in, with the commit of its outcome still running (undefined: the lease was lost), so
   * the message's slot is free for the next one while the database writes.
   */
  async function attempt(message: QueuedMessage): Promise<{ committed: Promise<boolean> } | undefined> {
    if (deps.mode === 'capture' || !transport) {
      return {
        committed: commit({
          message,
          mailFrom: message.mailFrom,
          size: message.size,
          localAddress: undefined,
          outcome: { status: 'delivered', reply: capturedReply, tls: false },
          method: 'capture',
          at: deps.clock.now(),
        }),
      };
    }
    const sent: Pick<Attempt, 'mailFrom' | 'size' | 'localAddress'> = {
      mailFrom: message.mailFrom,
      size: message.size,
      localAddress: undefined,
    };
    /** Everything up to the answer: bounded as a whole by attemptTimeoutMs. undefined: the lease is lost. */
    // A message not on its way by half the attempt's time is not sent at all: what is under way then
    // has the other half to finish before this worker gives up on it and would try again.
    const notAfter = Date.now() + settings.attemptTimeoutMs / 2;
    const handOver = async (): Promise<DeliveryOutcome | undefined> => {
      const raw = message.raw ?? (await rawOf(db, message.id, message.lease));
      if (!raw) return undefined;
      const prepared = await prepareMessage(deps.prepare, {
        id: message.id,
        companyId: message.companyId,
        subaccountId: message.subaccountId,
        friendlyFrom: message.friendlyFrom,
        transactional: message.options.transactional === true,
        dkimKey: typeof message.options.dkim_key === 'string' ? message.options.dkim_key : undefined,
        raw,
      });
      const pool = typeof message.options.ip_pool === 'string' ? message.options.ip_pool : '';
      const addresses = (await deps.addressesOf?.(message.companyId, message.subaccountId, pool)) ?? [];
      rotation += 1;
      const localAddress = addresses.length > 0 ? addresses[rotation % addresses.length] : undefined;
      Object.assign(sent, { mailFrom: prepared.mailFrom, size: prepared.raw.length, localAddress });
      return transport.deliver({
        rcptTo: message.rcptTo,
        mailFrom: prepared.mailFrom,
        raw: prepared.raw,
        notAfter,
        ...(localAddress ? { localAddress } : {}),
      });
    };
    let outcome: DeliveryOutcome | undefined;
    try {
      outcome = await within(handOver(), settings.attemptTimeoutMs, timedOut(settings.attemptTimeoutMs));
    } catch (error) {
      deps.reportError(error, `delivery of message ${message.id} failed before an answer`);
      outcome = localFailure(error);
    }
    if (!outcome) return undefined;
    return { committed: commit({ message, ...sent, outcome, method: 'esmtp', at: deps.clock.now() }) };
  }

  /** Claims one batch of due messages and tries each once: how many it claimed, and tried. */
  async function runBatch(): Promise<{ claimed: number; tried: number }> {
    if (!holder.alive()) return { claimed: 0, tried: 0 };
    claims += 1;
    const holderId = holder.id();
    const lease = `${holderId}/${claims}`;
    const claimedAt = performance.now();
    const rawBytes = deps.mode === 'capture' ? 0 : rawWithClaimBytes;
    const claimed = await claimDue(
      db,
      lease,
      deps.clock.now(),
      settings.batchSize,
      settings.leaseMs,
      rawBytes,
      holder.deadHolders(),
    );
    if (claimed.length === 0) return { claimed: 0, tried: 0 };
    let batch: QueuedMessage[];
    try {
      batch = await composeClaimed(db, deps, lease, claimed);
    } catch (error) {
      // Untried: due again at once for this worker or another.
      await releaseLease(
        db,
        lease,
        claimed.map((message) => message.id),
      );
      throw error;
    }
    // Every message failed its composition: the batch is done, the loop goes on.
    if (batch.length === 0) return { claimed: claimed.length, tried: claimed.length };
    let leaseEnds = claimedAt + settings.leaseMs;
    const held = new Set(batch.map((message) => message.id));
    let renewing: Promise<void> | undefined;

    /** Renews the batch's lease when less than half remains; false when `id` is no longer held. */
    async function stillHeld(id: string): Promise<boolean> {
      while (performance.now() + settings.leaseMs / 2 > leaseEnds) {
        renewing ??= (async () => {
          const started = performance.now();
          const kept = await renewLease(db, lease, [...held], settings.leaseMs);
          for (const heldId of held) if (!kept.has(heldId)) held.delete(heldId);
          leaseEnds = started + settings.leaseMs;
        })().finally(() => {
          renewing = undefined;
        });
        await renewing;
      }
      return held.has(id);
    }

    // Grouped by recipient domain, so the transport reuses a connection for the messages of one.
    const groups = new Map<string, QueuedMessage[]>();
    for (const message of batch) {
      const domain = domainOf(message.rcptTo);
      const waiting = groups.get(domain);
      if (waiting) waiting.push(message);
      else groups.set(domain, [message]);
    }
    /** The next message the worker's limits let start, counted in flight. */
    const take = () => {
      if (inFlight >= settings.concurrency) return undefined;
      for (const [domain, waiting] of groups) {
        if (waiting.length === 0 || (domainsInFlight.get(domain) ?? 0) >= settings.perDomainConcurrency)
          continue;
        const message = waiting.shift() as QueuedMessage;
        inFlight += 1;
        domainsInFlight.set(domain, (domainsInFlight.get(domain) ?? 0) + 1);
        return { message, domain };
      }
      return undefined;
    };
    const waitingLeft = () => [...groups.values()].some((waiting) => waiting.length > 0);
    let tried = 0;
    const lane = async () => {
      // Once found dead (the process goes on under a new id) the batch is another's: nothing more
      // starts under its lease. While it may be found dead (its heartbeat unconfirmed) nothing starts
      // either: the lanes wait for the next heartbeat to say which.
      while (!stopping && holder.id() === holderId) {
        if (!holder.alive()) {
          await pause(settings.idleMs);
          continue;
        }
        const taken = take();
        if (!taken) {
          if (!waitingLeft()) break;
          await new Promise<void>((resolve) => slotWaiters.add(resolve));
          continue;
        }
        const { message } = taken;
        let answered: { committed: Promise<boolean> } | undefined;
        try {
          answered = (await stillHeld(message.id)) ? await attempt(message) : undefined;
        } catch (error) {
          deps.reportError(error, `delivery of message ${message.id} failed`);
        } finally {
          // The recipient domain's slot is free once the answer is in; the worker's own slot only once
          // the outcome is committed, so a crash can leave at most `concurrency` answers unwritten
          // (those messages are sent again).
          const left = (domainsInFlight.get(taken.domain) ?? 1) - 1;
          if (left === 0) domainsInFlight.delete(taken.domain);
          else domainsInFlight.set(taken.domain, left);
          slotFreed();
        }
        const done = () => {
          inFlight -= 1;
          slotFreed();
        };
        if (!answered) {
          done();
          continue;
        }
        commits.push(
          answered.committed
            .then(
              (written) => {
                if (written) tried += 1;
                held.delete(message.id);
              },
              (error: unknown) =>
                deps.reportError(error, `delivery outcome of message ${message.id} not recorded`),
            )
            .finally(done),
        );
      }
    };
    /** Gives the messages no lane has taken back at once (a stopping worker does not sit on them). */
    const releaseWaiting = async () => {
      const untried = [...groups.values()].flatMap((waiting) =>
        waiting.splice(0).map((message) => message.id),
      );
      if (untried.length > 0) await releaseLease(db, lease, untried);
    };
    const commits: Promise<void>[] = [];
    batchesInFlight.add(releaseWaiting);
    try {
      await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, lane));
      await releaseWaiting();
      await Promise.all(commits);
    } finally {
      batchesInFlight.delete(releaseWaiting);
    }
    return { claimed: claimed.length, tried };
  }

  let loops: Promise<void>[] = [];
  /** Sleeping loops: each woken by stop(), and those idle for lack of work by a notification too. */
  const sleepers = new Map<() => void, { onQueued: boolean }>();
  let listening = false;
  /** Set by a notification, so one that arrives while a batch is claimed is not slept through. */
  let queued = false;
  const rest = (ms: number, onQueued: boolean) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.set(wake, { onQueued });
    });
  const loop = async () => {
    while (!stopping) {
      queued = false;
      let claimed = 0;
      try {
        ({ claimed } = await runBatch());
      } catch (error) {
        deps.reportError(error, 'delivery batch failed');
      }
      if (stopping) break;
      if (claimed >= settings.batchSize) continue;
      if (claimed > 0) await rest(settings.gatherMs, false);
      else if (!queued) await rest(settings.idleMs, true);
    }
  };

  return {
    runOnce: async () => (await runBatch()).tried,
    start() {
      if (loops.length > 0) return;
      stopping = false;
      if (!listening) {
        listening = true;
        db.listen(messagesQueuedChannel, () => {
          queued = true;
          for (const [wake, { onQueued }] of [...sleepers]) if (onQueued) wake();
        });
      }
      loops = [loop(), loop()];
    },
    async stop() {
      stopping = true;
      for (const wake of [...sleepers.keys()]) wake();
      await Promise.all([...batchesInFlight].map((releaseWaiting) => releaseWaiting()));
      slotFreed();
      await Promise.all(loops);
      loops = [];
    },
  };
}
