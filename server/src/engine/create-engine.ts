import type { Clock } from '../clock.ts';
import type { Db } from '../db/db.ts';
import type { ReportError } from '../report-error.ts';
import { createExportStore } from './activity/export-store.ts';
import { createApiKeyStore } from './api-keys/api-key-store.ts';
import { createEventStore } from './events/event-store.ts';
import { createFeedbackRecorder } from './inbound-mx/feedback-recorder.ts';
import { createIpPoolStore } from './ip-pools/ip-pool-store.ts';
import { createIngestWriter } from './messages/ingest.ts';
import { messageFacts } from './messages/message-facts.ts';
import { createMetricsStore } from './metrics/metrics-store.ts';
import { rollUpEvents } from './metrics/rollup-writer.ts';
import { createRecipientListStore } from './recipient-lists/recipient-list-store.ts';
import { createValidationJobStore } from './recipient-validation/validation-job-store.ts';
import { createSandboxRules } from './sandbox/sandbox-rules.ts';
import { createSendingDomainStore } from './sending-domains/sending-domain-store.ts';
import { createSnippetStore } from './snippets/snippet-store.ts';
import { createSubaccountStore } from './subaccounts/subaccount-store.ts';
import { createSuppressionStore } from './suppression/suppression-store.ts';
import { createTemplateStore } from './templates/template-store.ts';
import { createEngagementRecorder } from './tracking/engagement-recorder.ts';
import { trackingKey } from './tracking/token.ts';
import { trackingBase } from './tracking/tracking-base.ts';
import { createTrackingDomainStore } from './tracking-domains/tracking-domain-store.ts';
import type { SendDeps } from './transmissions/send-deps.ts';
import { insertTransmissions, recordProgress } from './transmissions/transmission-rows.ts';
import { createTransmissionService } from './transmissions/transmission-service.ts';
import { createAccountOptionStore } from './usage/account-options.ts';
import { createUsageMeter } from './usage/usage-meter.ts';
import { createWebhooks } from './webhooks/create-webhooks.ts';

export type Engine = ReturnType<typeof createEngine>;

/**
 * The sending engine's parts, wired once per process and shared by the HTTP API, the SMTP relay
 * and the workers: each module gets only the narrow functions it needs from the others.
 */
export function createEngine(
  db: Db,
  clock: Clock,
  reportError: ReportError,
  /** The server's SECRET and PUBLIC_URL, for open and click tracking; without them mail goes untracked. */
  tracking?: { secret: string; publicUrl: string },
) {
  const apiKeys = createApiKeyStore(db, clock, reportError);
  const subaccounts = createSubaccountStore(db, clock);
  const usage = createUsageMeter(db, clock);
  const events = createEventStore(db);
  // Metric rollups follow every written event, in the writer's transaction.
  events.onInsert(rollUpEvents);
  const sandbox = createSandboxRules(db, clock);
  const accountOptions = createAccountOptionStore(db, clock);
  const suppressions = createSuppressionStore(db, clock);
  const templates = createTemplateStore(db, clock);
  const recipientLists = createRecipientListStore(db, clock);
  const snippets = createSnippetStore(db, clock);
  const ipPools = createIpPoolStore(db, clock, {
    subaccountPool: async (companyId, id) => (await subaccounts.get(companyId, id))?.ipPool ?? null,
  });
  const sendingDomains = createSendingDomainStore(db, clock);
  const webhooks = createWebhooks(db, clock);
  // Each written event is queued, in the writer's transaction, for the webhooks that want it.
  events.onInsert((tx, inserted) => webhooks.outbox.enqueue(tx, inserted));
  const trackingDomains = createTrackingDomainStore(db, clock);
  const ingest = createIngestWriter(db, {
    usage,
    insertEvents: (tx, rows) => events.insert(tx, rows),
    insertTransmissions,
    recordProgress,
    suppressedIn: (tx, checks) => suppressions.suppressedIn(tx, checks),
  });
  const feedback = createFeedbackRecorder(db, clock, {
    insertEvents: (tx, rows) => events.insert(tx, rows),
    addSuppressions: (tx, entries) => suppressions.addIn(tx, entries),
  });
  const send: SendDeps = {
    clock,
    ingest,
    reportError,
    quotaFits: (companyId, charges) => usage.fits(companyId, charges),
    environmentOf: (companyId) => sandbox.environmentOf(companyId),
    accountOptions: (companyId) => accountOptions.of(companyId),
    verifiedRecipients: (companyId, addresses) => sandbox.verifiedRecipients(companyId, addresses),
    markSandboxSent: (companyId) => sandbox.markSandboxSent(companyId),
    subaccountStatus: (companyId, id) => subaccounts.statusOf(companyId, id),
    suppressed: (companyId, subaccountId, addresses, type) =>
      suppressions.suppressed(companyId, subaccountId, addresses, type),
    template: (companyId, subaccountId, id, useDraft) =>
      templates.forSending(companyId, subaccountId, id, useDraft),
    markTemplateUsed: (companyId, subaccountId, id, at) =>
      templates.markUsed(companyId, subaccountId, id, at),
    recipientList: (companyId, subaccountId, id) => recipientLists.recipientsOf(companyId, subaccountId, id),
    snippetContents: (companyId, subaccountId, ids) => snippets.contentsFor(companyId, subaccountId, ids),
    ipPoolExists: (companyId, id) => ipPools.exists(companyId, id),
    ...(tracking && {
      tracking: {
        key: trackingKey(tracking.secret),
        base: (send, requested) =>
          trackingBase(trackingDomains.forSending, tracking.publicUrl, send, requested),
      },
    }),
    sendingDomainVerified: (companyId, subaccountId, domain) =>
      sendingDomains.sendingDomainVerified(companyId, subaccountId, domain),
    dkimKeyUse: (companyId, subaccountId, domain, keyId) =>
      sendingDomains.dkimKeyUse(companyId, subaccountId, domain, keyId),
  };
  return {
    apiKeys,
    subaccounts,
    usage,
    /** SparkPost's account options: PUT /api/v1/account sets them, sends and delivery follow them. */
    accountOptions,
    events,
    metrics: createMetricsStore(db),
    sandbox,
    suppressions,
    templates,
    recipientLists,
    snippets,
    ipPools,
    /** Delivery's source addresses for a message: [] means the machine's default address. */
    addressesOf: (companyId: string, subaccountId: number, poolId: string) =>
      ipPools.addressesOf(companyId, subaccountId, poolId),
    /** The inbound MX and the unsubscribe routes: a message's facts by id, feedback about it recorded once. */
    messageFacts: (id: string) => messageFacts(db, id),
    feedback,
    sendingDomains,
    trackingDomains,
    /** The open pixel and click redirect: records opens and clicks of a message. */
    engagement: createEngagementRecorder(db, clock, {
      messageFacts: (id) => messageFacts(db, id),
      insertEvents: (tx, rows) => events.insert(tx, rows),
      linkUnsubscribe: async (message, fields) => {
        await feedback.record([
          {
            message,
            kind: 'link_unsubscribe',
            fields,
            suppress: {
              types: ['non_transactional'],
              source: 'Unsubscribe Link',
              description: 'Unsubscribed using link',
            },
          },
        ]);
      },
    }),
    recipientValidationJobs: createValidationJobStore(db, clock),
    activityExports: createExportStore(db),
    /** For the delivery workers: the DKIM-verified key that signs mail From `fromDomain` (`keyId`: options.dkim_key), if any. */
    signingKeyFor: (companyId: string, subaccountId: number, fromDomain: string, keyId?: string) =>
      sendingDomains.signingKeyFor(companyId, subaccountId, fromDomain, keyId),
    /** For the delivery workers: the account's CNAME-verified default bounce domain, if any. */
    bounceDomainFor: (companyId: string, subaccountId: number, fromDomain: string) =>
      sendingDomains.bounceDomainFor(companyId, subaccountId, fromDomain),
    send,
    transmissions: createTransmissionService(db, send),
    webhooks,
  };
}
