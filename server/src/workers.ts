import type { Logger } from 'pino';
import { createNotificationStore } from './accounts/notifications/notification-store.ts';
import type { Db } from './db/db.ts';
import type { DnsResolver } from './dns/resolver.ts';
import { createExportRunner } from './engine/activity/export-runner.ts';
import type { Engine } from './engine/create-engine.ts';
import { purgeSandboxMessages } from './engine/messages/message-writer.ts';
import { createDomainCheck } from './engine/recipient-validation/domain-check.ts';
import { createListValidation } from './engine/recipient-validation/list-validation.ts';
import { createRecipientValidator } from './engine/recipient-validation/recipient-validator.ts';
import { validationListKeptDays } from './engine/recipient-validation/validation-job-store.ts';
import type { WebhookDispatcher } from './engine/webhooks/webhook-dispatcher.ts';
import type { LeaseHolder } from './engine/worker-presence/lease-holder.ts';

const scheduledEveryMs = 5_000;
const housekeepingEveryMs = 10 * 60_000;
const webhooksEveryMs = 1_000;
const validationListsEveryMs = 2_000;
const validationListsBudgetMs = 1_000;
const exportsEveryMs = 2_000;

export interface WorkerDeps {
  /** Resolves the domains of recipient validation lists. */
  dns: DnsResolver;
  /** Sends webhook batches; without it none are sent. */
  webhooks?: WebhookDispatcher;
  /** This process among the worker processes (its presence), for the claims of exports and validation lists. */
  holder?: LeaseHolder;
}

/**
 * Background work of the engine: generating scheduled transmissions when due, putting back those
 * whose generation was interrupted, purging (in slices) events and sandbox inbox messages past each
 * company's retention and metric rollups past 6 months, validating triggered recipient validation
 * lists (one slice per claim) and sending webhook batches. Safe to run in several processes at once
 * (claims are atomic). Returns a stop function.
 */
export function startWorkers(db: Db, engine: Engine, logger: Logger, deps: WorkerDeps): () => Promise<void> {
  const { dns, webhooks, holder } = deps;
  let running: Promise<unknown> = Promise.resolve();
  const guard = (name: string, work: () => Promise<unknown>) => () => {
    running = running.then(work).catch((error: unknown) => logger.error({ err: error }, `${name} failed`));
  };
  const generateDue = guard('scheduled transmissions', async () => {
    while ((await engine.transmissions.runDue()) > 0) {
      // keep going while there are due transmissions
    }
  });
  const clock = engine.send.clock;
  const lists = createListValidation(
    engine.recipientValidationJobs,
    createRecipientValidator(createDomainCheck(dns, clock)),
    { holder },
  );
  // The same queue runs scheduled transmissions: a tick validates for a bounded time, and a tick
  // still waiting in the queue is not queued twice.
  let listsQueued = false;
  const validateListSlices = guard('recipient validation lists', async () => {
    const until = Date.now() + validationListsBudgetMs;
    try {
      while (Date.now() < until && (await lists.runDue()) > 0) {
        // keep going while triggered lists have addresses left
      }
    } finally {
      listsQueued = false;
    }
  });
  const validateLists = () => {
    if (listsQueued) return;
    listsQueued = true;
    validateListSlices();
  };
  const housekeeping = guard('housekeeping', async () => {
    await engine.transmissions.releaseStale();
    const now = engine.send.clock.now();
    const purged = await engine.events.purgeExpired(db, now);
    if (purged > 0) logger.info({ purged }, 'expired message events purged');
    const sandbox = await purgeSandboxMessages(db, await engine.events.retentionCutoffs(db, now));
    if (sandbox > 0) logger.info({ purged: sandbox }, 'expired sandbox inbox messages purged');
    await engine.events.refreshStatistics(db);
    const droppedEvents = (await webhooks?.purgeStatus()) ?? 0;
    if (droppedEvents > 0) {
      logger.warn({ events: droppedEvents }, 'webhook events beyond the per-webhook outbox limit dropped');
    }
    const purgedLists = await engine.recipientValidationJobs.purgeUploadedBefore(
      new Date(now.getTime() - validationListKeptDays * 24 * 60 * 60_000),
    );
    if (purgedLists > 0) logger.info({ lists: purgedLists }, 'expired recipient validation lists purged');
    const exports = await engine.activityExports.purgeExpired(now);
    if (exports > 0) logger.info({ exports }, 'expired activity exports purged');
    const rollups = await engine.metrics.purgeExpired(now);
    if (rollups > 0) logger.info({ rollups }, 'metric rollups past the 6-month retention purged');
  });
  // Webhook POSTs may wait 10 s each: their own promises, so they never hold up the work above. Each
  // tick starts claimers up to the dispatcher's concurrency, whatever earlier ones are still serving.
  const sending = new Set<Promise<unknown>>();
  const sendWebhooks = () => {
    if (!webhooks) return;
    const run = webhooks
      .runOnce()
      .catch((error: unknown) => logger.error({ err: error }, 'webhook delivery failed'))
      .finally(() => sending.delete(run));
    sending.add(run);
  };
  // Activity exports: one at a time per process, on their own promise (a large one writes for minutes,
  // yielding between slices), so scheduled sends and housekeeping never wait for it.
  const notifications = createNotificationStore(db);
  const exportRunner = createExportRunner({
    db,
    exports: engine.activityExports,
    events: engine.events,
    notify: notifications.notify,
    clock,
    holder,
  });
  let exporting: Promise<unknown> | undefined;
  const runExports = () => {
    if (exporting) return;
    exporting = (async () => {
      while ((await exportRunner.runDue()) > 0) {
        // keep going while exports are queued
      }
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'activity export failed'))
      .finally(() => {
        exporting = undefined;
      });
  };
  housekeeping();
  const timers = [
    setInterval(runExports, exportsEveryMs),
    setInterval(generateDue, scheduledEveryMs),
    setInterval(housekeeping, housekeepingEveryMs),
    setInterval(sendWebhooks, webhooksEveryMs),
    setInterval(validateLists, validationListsEveryMs),
  ];
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await running;
    await Promise.all(sending);
    await exporting;
  };
}
