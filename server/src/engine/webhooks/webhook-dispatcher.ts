import type { Clock } from '../../clock.ts';
import type { ReportError } from '../../report-error.ts';
import { type LeaseHolder, standaloneHolder } from '../worker-presence/lease-holder.ts';
import type { Batch, WebhookOutbox } from './webhook-outbox.ts';
import type { WebhookSender } from './webhook-sender.ts';
import type { Webhook, WebhookStore } from './webhook-store.ts';

/** SparkPost retries a batch for 8 hours, then drops it (ours: 8 hours after its oldest event was queued). */
export const retryForMs = 8 * 3_600_000;
/** SparkPost keeps batch status for 24 hours. */
export const statusKeptMs = 24 * 3_600_000;

/**
 * Events waiting per webhook at most (a target down for hours while events keep coming): the newer
 * ones beyond are dropped, shown in batch status as a failed batch of that many events.
 */
export const outboxLimit = 1_000_000;

/** Wait before retry `n` (1 = after the first failure): 30 s doubling, at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000 * 2 ** (failures - 1), 3_600_000);
}

export interface DispatcherOptions {
  store: WebhookStore;
  outbox: WebhookOutbox;
  sender: WebhookSender;
  clock: Clock;
  reportError: ReportError;
  /** Events per batch (SparkPost sends up to 350). */
  batchSize?: number;
  /** Webhooks served at once by this process. */
  concurrency?: number;
  /**
   * This process among the worker processes: names its claims, says whose are free (a dead
   * process's) and whether it may go on sending. Standalone by default.
   */
  holder?: LeaseHolder;
}

/**
 * A webhook is held this long per claim, should its process neither release it nor be found dead;
 * batches stop being sent well before it ends.
 */
const leaseMs = 5 * 60_000;
/** Batches sent per claim before the webhook goes back for others to be served. */
const batchesPerClaim = 50;

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

/**
 * Sends the webhooks' batches: each webhook is served by one claimer at a time (several processes
 * may run this), its batches one after the other in order; a batch is retried, the same bytes
 * under the same id, until it is answered 2xx or its oldest event has waited 8 hours.
 */
export function createWebhookDispatcher(options: DispatcherOptions) {
  const { store, outbox, sender, clock, reportError } = options;
  const batchSize = options.batchSize ?? 100;
  const holder = options.holder ?? standaloneHolder();

  async function attempt(webhook: Webhook, batch: Batch): Promise<boolean> {
    const webhookId = webhook.id;
    let status: number | null = null;
    let latencyMs: number | null = null;
    try {
      // The webhook's current target: its credentials and headers are the current ones too.
      const { answer, token } = await sender.send(webhook, webhook.target, batch.batchId, batch.body);
      if (token) await store.saveToken(webhook.id, token.value, token.expiresAt);
      status = answer.status;
      latencyMs = answer.latencyMs;
    } catch (error) {
      // A network error, a refused address or a token URL failing: the batch waits for its retry.
      reportError(error, `webhook ${webhookId}: batch ${batch.batchId} not delivered`);
    }
    const now = clock.now();
    if (status !== null && status >= 200 && status <= 299) {
      await outbox.delivered(batch, status, latencyMs ?? 0, now);
      await store.recordOutcome(webhookId, 'success', now);
      return true;
    }
    const expired = now.getTime() - batch.oldestQueuedAt.getTime() >= retryForMs;
    const backoffUntil = new Date(now.getTime() + retryDelayMs(batch.attempts + 1));
    const dropBefore = new Date(now.getTime() - retryForMs);
    await outbox.failed(batch, { status, latencyMs }, now, expired ? undefined : backoffUntil, dropBefore);
    // The next batch (even a new one) waits as long as this one would have: no POSTs back to back to a dead target.
    await store.recordOutcome(webhookId, 'failure', now, backoffUntil);
    return false;
  }

  /** The next webhook with work due, taken for this process; none while it may be found dead. */
  const claimNext = async (): Promise<{ webhookId: string; holderId: string } | undefined> => {
    if (!holder.alive()) return undefined;
    const holderId = holder.id();
    const webhookId = await outbox.claim(clock.now(), leaseMs, holderId, holder.deadHolders());
    return webhookId ? { webhookId, holderId } : undefined;
  };

  async function serve({ webhookId, holderId }: { webhookId: string; holderId: string }): Promise<number> {
    let sent = 0;
    const started = performance.now();
    // Within half the lease (real time, whatever the clock says), so no other claimer can start
    // meanwhile, and while this process cannot have been found dead.
    const mayGoOn = () =>
      sent < batchesPerClaim &&
      performance.now() - started < leaseMs / 2 &&
      holder.alive() &&
      holder.id() === holderId;
    try {
      while (mayGoOn()) {
        const webhook = await store.byId(webhookId);
        if (!webhook?.active) break;
        const batch = await outbox.nextBatch(webhookId, webhook.target, clock.now(), batchSize);
        if (!batch) break;
        sent += 1;
        if (!(await attempt(webhook, batch))) break;
      }
    } finally {
      await outbox.release(webhookId, clock.now(), holderId);
    }
    return sent;
  }

  const concurrency = options.concurrency ?? 4;
  let inFlight = 0;

  return {
    /**
     * Serves every webhook with work due now, with as many claimers as are free of the concurrency
     * (others may still be serving a slow target from an earlier call); returns how many batches
     * these attempted.
     */
    async runOnce(): Promise<number> {
      let attempted = 0;
      const claimer = async () => {
        inFlight += 1;
        try {
          for (let claim = await claimNext(); claim; claim = await claimNext()) {
            attempted += await serve(claim);
          }
        } finally {
          inFlight -= 1;
        }
      };
      await Promise.all(Array.from({ length: Math.max(0, concurrency - inFlight) }, claimer));
      return attempted;
    },

    /**
     * Housekeeping: forgets batch status older than a day, drops events beyond `outboxLimit` per
     * webhook and those left by a webhook deleted while they were written; returns how many events dropped.
     */
    async purgeStatus(): Promise<number> {
      const now = clock.now();
      await outbox.purgeFinished(new Date(now.getTime() - statusKeptMs));
      await outbox.purgeOrphans();
      return outbox.trim(outboxLimit, now);
    },
  };
}
