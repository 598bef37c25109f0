import { randomUUID } from 'node:crypto';
import type { Contact } from '@app/contract/marketing/contacts';
import type { Clock } from '../../../clock.ts';
import type { RenderDesign } from '../../../content/email-designs/render/render-design.ts';
import type { Db } from '../../../db/db.ts';
import { CampaignBatchRefused, type MarketingEngine } from '../../../engine/interfaces.ts';
import { escapeHtml } from '../../../html-escape.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import type { CompanyDoor } from '../../company-door.ts';
import type { Audiences } from '../../contacts/audience/audience.ts';
import type { ContactService } from '../../contacts/contact-service.ts';
import type { LabelService } from '../../contacts/label-service.ts';
import type { SubscriptionService } from '../../contacts/subscription/subscription-service.ts';
import type { SenderDoor } from '../../senders/sender-door.ts';
import { campaignMail, engineCampaignId } from '../campaign-content.ts';
import { type CampaignRow, campaignStore, type FrozenContent } from '../campaign-store.ts';
import { reportStore } from '../reports/report-store.ts';
import { readerMessageStore } from './reader-message-store.ts';
import { nobody, type RecipientLinks, type RecipientRef } from './recipient-links.ts';

export interface RecipientPageDeps {
  db: Db;
  clock: Clock;
  links: RecipientLinks;
  engine: Pick<MarketingEngine, 'renderForRecipient' | 'submitCampaignBatch'>;
  audiences: Pick<Audiences, 'member'>;
  contacts: Pick<ContactService, 'get'>;
  labels: Pick<LabelService, 'named' | 'addMembers' | 'removeMembers'>;
  subscriptions: Pick<SubscriptionService, 'unsubscribe' | 'resubscribe' | 'complain'>;
  senders: SenderDoor;
  renderDesign: RenderDesign;
  company: Pick<CompanyDoor, 'autoLinkUtm'>;
  mailer: Mailer;
}

/** Replies and forwards one reader may send from one campaign's pages in a day. */
export const readerMessagesPerDay = 5;

/** A reader's page: the campaign of its link, and the contact it was sent to (none for a test or a forward). */
interface Reader {
  ref: RecipientRef;
  campaign: CampaignRow;
  contact: Contact | undefined;
}

/** What a reader may choose on the subscription page: the campaign's labels and the contact's own. */
export interface Preferences {
  email: string;
  status: Contact['status'];
  labels: Array<{ id: string; name: string; member: boolean }>;
}

/** Why a reader's request did nothing, in words for the reader. */
export class ReaderRefusal extends Error {}

const notSubscriber =
  'This copy of the email was not sent to a subscriber: there is no subscription to manage.';

/** An unsubscribe link of the mail, in a copy read outside it, leads to the subscription page instead. */
export function unsubscribeLinksTo(html: string, url: string): string {
  return html.replace(/<a\b[^>]*\bdata-msys-unsubscribe\s*=\s*["']?1\b[^>]*>/gi, (tag) => {
    const withoutHref = tag.replace(/\shref\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i, '');
    return withoutHref.replace(/^<a\b/i, `<a href="${url.replace(/"/g, '&quot;')}"`);
  });
}

/**
 * The pages a campaign's reader opens from its mail (§2 public routes): the mail in the browser, the
 * subscription (labels, unsubscribe from all), a complaint, a reply to the team and a forward to a
 * friend. Each acts only for the contact its signed link names, in the campaign's company.
 */
export function createRecipientPageService(deps: RecipientPageDeps) {
  const { db, clock } = deps;

  async function reader(token: string): Promise<Reader | undefined> {
    const ref = deps.links.read(token);
    if (!ref) return undefined;
    const campaign = await campaignStore.ofReader(db, ref.campaignId);
    if (!campaign) return undefined;
    if (ref.contactId === nobody) return { ref, campaign, contact: undefined };
    const contact = await deps.contacts.get(campaign.company_id, ref.contactId).catch(() => undefined);
    return contact ? { ref, campaign, contact } : undefined;
  }

  const subscriber = (found: Reader) => {
    if (!found.contact?.email) throw new ReaderRefusal(notSubscriber);
    return { ...found, contact: found.contact, email: found.contact.email };
  };

  /** What the campaign sends (fixed when its send started), or the draft as it stands (a test's link). */
  async function mailOf(found: Reader): Promise<FrozenContent | undefined> {
    const { campaign } = found;
    if (campaign.frozen) {
      // An A/B test's reader got its own version: a test's, or the winner.
      const versions = campaign.frozen_versions;
      if (!versions || found.ref.contactId === nobody) return campaign.frozen;
      const version = await campaignStore.versionOf(db, campaign.id, found.ref.contactId);
      const winner = campaign.ab_state?.phase === 'winner' ? campaign.ab_state.winner : null;
      return versions[version ?? winner ?? 0] ?? campaign.frozen;
    }
    const mail = await campaignMail(campaign, deps);
    return typeof mail === 'string' ? undefined : mail;
  }

  /** Records a reader's action in the campaign's report, as the engine's events do. */
  const stamp = (found: Reader, email: string, kind: 'unsubscribed' | 'complained') =>
    db.transaction((tx) =>
      reportStore.apply(tx, [
        {
          companyId: found.campaign.company_id,
          campaignId: engineCampaignId(found.campaign.id),
          address: email.toLowerCase(),
          kind,
          machine: false,
          at: clock.now(),
          eventId: '0',
          url: null,
        },
      ]),
    );

  /**
   * Sends one of the reader's messages of `kind` within the daily limit: the slot is taken first (two
   * posts at once cannot both pass the limit) and given back when the mail could not go out.
   */
  async function withinLimit(found: Reader, kind: 'reply' | 'forward', send: () => Promise<unknown>) {
    const now = clock.now();
    const slot = await readerMessageStore.reserve(
      db,
      { campaignId: found.campaign.id, contactId: found.ref.contactId, kind },
      { since: new Date(now.getTime() - 24 * 3600_000), at: now, limit: readerMessagesPerDay },
    );
    if (slot === undefined) {
      throw new ReaderRefusal(
        `You can send at most ${readerMessagesPerDay} of these a day. Please try again tomorrow.`,
      );
    }
    try {
      await send();
    } catch (error) {
      await readerMessageStore.release(db, slot);
      throw error;
    }
  }

  return {
    reader,

    /** The mail as this reader got it (merge tags filled in, no tracking), or undefined when it is gone. */
    async view(found: Reader): Promise<{ subject: string; html: string } | undefined> {
      const mail = await mailOf(found);
      if (!mail) return undefined;
      const links = deps.links.of(found.ref);
      const member = found.contact
        ? await deps.audiences.member(found.campaign.company_id, found.contact.id)
        : undefined;
      const rendered = await deps.engine.renderForRecipient(
        found.campaign.company_id,
        {
          from: mail.from,
          subject: mail.subject,
          html: unsubscribeLinksTo(mail.html, links.preferences_url),
        },
        {
          address: member?.email ?? '',
          ...(member?.name ? { name: member.name } : {}),
          data: { ...member?.data, ...links },
        },
      );
      return rendered;
    },

    async preferences(found: Reader): Promise<Preferences> {
      const { campaign, contact, email } = subscriber(found);
      const offered = [...new Set([...campaign.labels, ...contact.labels.map((label) => label.id)])];
      const named = await deps.labels.named(campaign.company_id, offered);
      const member = new Set(contact.labels.map((label) => label.id));
      return {
        email,
        status: contact.status,
        labels: named.map((label) => ({ ...label, member: member.has(label.id) })),
      };
    },

    /** The reader's labels among those offered become `chosen`; nothing else changes. */
    async choose(found: Reader, chosen: readonly string[]): Promise<void> {
      const { campaign, contact } = subscriber(found);
      const before = await this.preferences(found);
      const wanted = new Set(chosen);
      for (const label of before.labels) {
        if (wanted.has(label.id) && !label.member)
          await deps.labels.addMembers(campaign.company_id, label.id, [contact.id]);
        if (!wanted.has(label.id) && label.member)
          await deps.labels.removeMembers(campaign.company_id, label.id, [contact.id]);
      }
    },

    async unsubscribe(found: Reader): Promise<void> {
      const { campaign, email } = subscriber(found);
      await deps.subscriptions.unsubscribe(campaign.company_id, email, 'Unsubscribe Link');
      await stamp(found, email, 'unsubscribed');
    },

    async resubscribe(found: Reader): Promise<void> {
      const { campaign, email } = subscriber(found);
      await deps.subscriptions.resubscribe(campaign.company_id, email);
    },

    async complain(found: Reader): Promise<void> {
      const { campaign, email } = subscriber(found);
      await deps.subscriptions.complain(campaign.company_id, email);
      await stamp(found, email, 'complained');
    },

    /** The reader's message to the team, to the campaign's reply-to (or its sender), answerable to the reader. */
    async reply(found: Reader, message: string): Promise<void> {
      const { campaign, email } = subscriber(found);
      const mail = await mailOf(found);
      if (!mail) throw new ReaderRefusal('This email can no longer be answered here.');
      await withinLimit(found, 'reply', () =>
        deps.mailer.send({
          to: mail.replyTo ?? mail.from.email,
          replyTo: email,
          subject: `Reply to "${mail.subject}" from ${email}`,
          text: `${email} replied to your campaign "${campaign.name}":\n\n${message}\n`,
          html: `<p>${escapeHtml(email)} replied to your campaign "${escapeHtml(campaign.name)}":</p>
<p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
        }),
      );
    },

    /**
     * The campaign as sent, to a friend of the reader: the friend's copy has no one's data and no
     * subscription; the marketing suppression list holds for it as for any campaign mail.
     */
    async forward(found: Reader, friend: string): Promise<void> {
      const { campaign } = subscriber(found);
      const sent = campaign.frozen && (await mailOf(found));
      if (!sent) throw new ReaderRefusal('Only a sent email can be forwarded.');
      await withinLimit(found, 'forward', async () => {
        try {
          await deps.engine.submitCampaignBatch(campaign.company_id, {
            key: `${engineCampaignId(campaign.id)}-forward-${randomUUID()}`,
            campaignId: `${engineCampaignId(campaign.id)}-forward`,
            content: sent,
            recipients: [
              { address: friend, data: deps.links.of({ campaignId: campaign.id, contactId: nobody }) },
            ],
            openTracking: false,
            clickTracking: false,
          });
        } catch (error) {
          if (error instanceof CampaignBatchRefused)
            throw new ReaderRefusal('The email could not be forwarded.');
          throw error;
        }
      });
    },
  };
}

export type RecipientPageService = ReturnType<typeof createRecipientPageService>;
export type { Reader };
