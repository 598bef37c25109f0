import type { SuppressionSource, TransmissionBody } from '@app/contract/engine/index';
import { EngineError } from '../engine-error.ts';
import { companyMaster } from '../principal.ts';
import type { CampaignEvent, Engagement, EventStore } from './events/event-store.ts';
import { isFreeDomain } from './recipient-validation/address-facts.ts';
import { preview } from './rendering/render-pool.ts';
import type { SendingDomainStore } from './sending-domains/sending-domain-store.ts';
import { withRecipientAddress } from './substitution/render.ts';
import type { SuppressionChangeCursor, SuppressionStore } from './suppression/suppression-store.ts';
import type { TransmissionService } from './transmissions/transmission-service.ts';
import type { UsageMeter } from './usage/usage-meter.ts';

export type { CampaignEvent, Engagement } from './events/event-store.ts';
export type { SuppressionChangeCursor } from './suppression/suppression-store.ts';

/** Something that happened to mail the company sent one address: a contact's timeline entry. */
export interface AddressEvent {
  /** The SparkPost event type: injection, delivery, bounce, open, click, list_unsubscribe... */
  type: string;
  at: Date;
  subject: string;
  campaignId: string;
  /** A bounce's or rejection's reason; a click's link. */
  detail: string;
}

/** One of the company's sending domains, as marketing needs to know it. */
export interface CompanySendingDomain {
  /** Lower-cased. */
  domain: string;
  /** Its DKIM record is verified: mail From it (or a subdomain) may be sent. */
  verified: boolean;
  spfVerified: boolean;
}

/** One batch of a campaign's recipients, for the engine to accept once. */
export interface CampaignBatch {
  /** Unique in the company for this batch, whatever crashes: a batch submitted again is not sent again. */
  key: string;
  /** The engine's campaign id (on the transmission, each message and each event). */
  campaignId: string;
  content: {
    from: { email: string; name: string };
    replyTo?: string;
    subject: string;
    /** In the engine's substitution language: `{{firstname}}` is each recipient's. */
    html: string;
    text?: string;
  };
  recipients: Array<{ address: string; name?: string; data: Record<string, unknown> }>;
  openTracking: boolean;
  clickTracking: boolean;
  /**
   * Mail the person asked for (a form's double opt-in confirmation): sent as transactional, so the
   * marketing suppression list does not hold it back and it carries no List-Unsubscribe.
   */
  transactional?: boolean;
}

/**
 * The engine would not take a campaign batch, for a reason the campaign's owner must act on: the
 * quota (`quota`: the send pauses until there is room) or a rule of the send (`refused`: it fails).
 */
export class CampaignBatchRefused extends Error {
  readonly reason: 'quota' | 'refused';
  constructor(message: string, reason: 'quota' | 'refused') {
    super(message);
    this.name = 'CampaignBatchRefused';
    this.reason = reason;
  }
}

/**
 * The engine's doors for marketing (server/src/marketing): what it may ask and submit, never the
 * engine's tables. `npm run layers` allows marketing no other engine import. Doors are added here
 * as marketing needs them (submit a send, suppression, events, designs).
 */
export interface MarketingEngine {
  /** The company master account's sending domains. */
  sendingDomainsOf(companyId: string): Promise<CompanySendingDomain[]>;
  /** Whether anyone may sign up for a mailbox at the (lower-case) domain: gmail.com, yahoo.com... */
  isFreeMailDomain(domain: string): boolean;
  /** The (lower-cased) addresses among `addresses` on the company's non-transactional suppression list. */
  suppressedForMarketing(companyId: string, addresses: string[]): Promise<Set<string>>;
  /** Puts the address on the company's non-transactional suppression list (a contact unsubscribed). */
  suppressForMarketing(
    companyId: string,
    address: string,
    source: 'Manually Added' | 'Unsubscribe Link' | 'Spam Complaint',
  ): Promise<void>;
  /**
   * Takes the address off the company's non-transactional list (a contact resubscribed); false when an
   * entry stays (the operator's compliance entries are never lifted).
   */
  liftMarketingSuppression(companyId: string, address: string): Promise<boolean>;
  /** The master accounts' non-transactional entries added or changed after `after`, oldest first. */
  marketingSuppressionChanges(
    after: SuppressionChangeCursor | null,
    limit: number,
  ): Promise<MarketingSuppressionChange[]>;
  /**
   * The opens and clicks people made on the master accounts' mail, among the events after the id
   * `afterId` (at most `window` ids on); `upTo` is where the next read starts.
   */
  engagementAfter(afterId: string, window: number): Promise<{ events: Engagement[]; upTo: string }>;
  /**
   * What happened to campaigns' mail (deliveries, bounces, opens, clicks, unsubscribes, complaints)
   * among the events after the id `afterId` (at most `window` ids on); `upTo` is where the next read starts.
   */
  campaignEventsAfter(afterId: string, window: number): Promise<{ events: CampaignEvent[]; upTo: string }>;
  /** What happened to the master account's mail to `address`, newest first, at most `limit` events. */
  addressEvents(companyId: string, address: string, limit: number): Promise<AddressEvent[]>;
  /**
   * Queues a campaign batch as the master account's non-transactional mail (List-Unsubscribe, the
   * marketing suppression list, tracking as asked; `transactional` mail the person asked for goes
   * without them), through the one submit every send takes; a key
   * accepted before answers that acceptance with `duplicate`, and nothing is sent again. Throws
   * {@link CampaignBatchRefused} when a rule or the quota refuses it.
   */
  submitCampaignBatch(
    companyId: string,
    batch: CampaignBatch,
  ): Promise<{ transmissionId: string; duplicate: boolean }>;
  /** When the company's plan ends (§5: nothing is scheduled past it); null for one that does not. */
  planExpiresAt(companyId: string): Promise<Date | null>;
  /**
   * A campaign mail's subject and html as one recipient reads them (merge tags substituted with
   * `data`, the address's reserved variables too; no tracking), rendered off the event loop; undefined
   * when the content does not render.
   */
  renderForRecipient(
    companyId: string,
    content: Pick<CampaignBatch['content'], 'from' | 'subject' | 'html'>,
    recipient: { address: string; name?: string; data: Record<string, unknown> },
  ): Promise<{ subject: string; html: string } | undefined>;
}

/** What became of one POST to a webhook target. */
export type WebhookPostOutcome =
  /** The target answered with this HTTP status. */
  | { answered: number }
  /** Never sent: the target is not http(s), or its host has no address or a non-public one (WEBHOOK_ALLOWED_NETWORKS). */
  | { refused: string }
  /** Sent, but no answer came (a network error, the 10 s deadline). */
  | { failed: string };

/**
 * The engine's webhook client for marketing's own webhooks (a form's submissions): the same
 * private-network protection, deadline and Standard Webhooks signature as the event webhooks.
 */
export interface WebhookPoster {
  /** POSTs `body` (JSON) to `target`, signed with `secret` under the id `id` (the same on every retry). */
  post(target: string, body: string, signing: { id: string; secret: string }): Promise<WebhookPostOutcome>;
  close(): void;
}

/** An address put on (or changed on) a company's non-transactional suppression list, and why. */
export interface MarketingSuppressionChange {
  companyId: string;
  address: string;
  source: SuppressionSource;
  /** Where a reader stands once it has seen this change. */
  cursor: SuppressionChangeCursor;
}

/** Every event is before it: the timeline reads as far back as the company's retention keeps. */
const farFuture = new Date('9999-12-31T00:00:00Z');

/** The doors, on the engine's parts (app.ts passes the process's engine). */
export function marketingEngineOf(engine: {
  transmissions: Pick<TransmissionService, 'sendOnce'>;
  events: Pick<EventStore, 'engagementAfter' | 'campaignEventsAfter' | 'search'>;
  sendingDomains: Pick<SendingDomainStore, 'list'>;
  suppressions: Pick<SuppressionStore, 'suppressed' | 'add' | 'remove' | 'changedSince'>;
  usage: Pick<UsageMeter, 'expiresAt'>;
}): MarketingEngine {
  return {
    async sendingDomainsOf(companyId) {
      const domains = await engine.sendingDomains.list({ companyId, subaccountId: 0, isMaster: true });
      return domains
        .filter((domain) => domain.subaccountId === 0)
        .map((domain) => ({
          domain: domain.domain,
          verified: domain.dkimStatus === 'valid',
          spfVerified: domain.spfStatus === 'valid',
        }));
    },
    isFreeMailDomain: isFreeDomain,
    suppressedForMarketing: (companyId, addresses) =>
      engine.suppressions.suppressed(companyId, 0, addresses, 'non_transactional'),
    suppressForMarketing: (companyId, address, source) =>
      engine.suppressions.add([
        { companyId, subaccountId: 0, recipient: address, type: 'non_transactional', source },
      ]),
    async liftMarketingSuppression(companyId, address) {
      return (await engine.suppressions.remove(companyId, 0, address, 'non_transactional')).kept === 0;
    },
    async marketingSuppressionChanges(after, limit) {
      const rows = await engine.suppressions.changedSince(after, limit);
      return rows.map((row) => ({
        companyId: row.company_id,
        address: row.recipient,
        source: row.source,
        cursor: { at: row.at, companyId: row.company_id, recipient: row.recipient },
      }));
    },
    engagementAfter: (afterId, window) => engine.events.engagementAfter(afterId, window),
    campaignEventsAfter: (afterId, window) => engine.events.campaignEventsAfter(afterId, window),
    planExpiresAt: (companyId) => engine.usage.expiresAt(companyId),
    async renderForRecipient(companyId, content, recipient) {
      const data = withRecipientAddress(recipient.data, {
        email: recipient.address,
        ...(recipient.name ? { name: recipient.name } : {}),
      });
      const result = await preview(
        companyId,
        { from: content.from, subject: content.subject, html: content.html },
        data,
      ).catch(() => undefined);
      if (!result || !('content' in result)) return undefined;
      return { subject: result.content.subject, html: result.content.html ?? '' };
    },
    async addressEvents(companyId, address, limit) {
      const page = await engine.events.search(
        { companyId, subaccountId: 0, from: new Date(0), to: farFuture, recipients: [address.toLowerCase()] },
        limit,
      );
      return page.events.map((event) => ({
        type: event.type,
        at: event.timestamp,
        subject: event.subject,
        campaignId: event.campaignId,
        detail: event.type === 'click' ? String(event.fields.target_link_url ?? '') : event.reason,
      }));
    },
    async submitCampaignBatch(companyId, batch) {
      const { content } = batch;
      const body: TransmissionBody = {
        campaign_id: batch.campaignId,
        options: {
          transactional: batch.transactional === true,
          open_tracking: batch.openTracking,
          click_tracking: batch.clickTracking,
        },
        recipients: batch.recipients.map((recipient) => ({
          address: { email: recipient.address, ...(recipient.name ? { name: recipient.name } : {}) },
          substitution_data: recipient.data,
        })),
        content: {
          from: content.from,
          subject: content.subject,
          html: content.html,
          ...(content.text === undefined ? {} : { text: content.text }),
          ...(content.replyTo === undefined ? {} : { reply_to: content.replyTo }),
        },
      };
      try {
        const accepted = await engine.transmissions.sendOnce(companyMaster(companyId), body, batch.key);
        return { transmissionId: accepted.id, duplicate: accepted.duplicate };
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        throw new CampaignBatchRefused(
          error.summary ? `${error.summary}: ${error.description}` : error.description,
          error.kind === 'overQuota' ? 'quota' : 'refused',
        );
      }
    },
  };
}
