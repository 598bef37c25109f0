import { randomUUID } from 'node:crypto';
import { abMessages, abMinRecipients, abVersionNames } from '@app/contract/marketing/ab-test-words';
import { campaignMissing, campaignRefusals } from '@app/contract/marketing/campaign-messages';
import type {
  Campaign,
  CampaignListAnswer,
  CampaignListFilter,
  CampaignPatch,
  CampaignStatus,
  NewCampaign,
} from '@app/contract/marketing/campaigns';
import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import { type Clock, monthStart } from '../../clock.ts';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { CampaignBatchRefused, type MarketingEngine } from '../../engine/interfaces.ts';
import type { CompanyDoor } from '../company-door.ts';
import type { Audiences } from '../contacts/audience/audience.ts';
import { isId } from '../contacts/entity-id.ts';
import type { SenderDoor } from '../senders/sender-door.ts';
import { sameAsA, versionMails } from './ab-tests/ab-versions.ts';
import { audienceOf } from './campaign-audience.ts';
import {
  campaignMail,
  campaignParts,
  engineCampaignId,
  hasUnsubscribeLink,
  withPreheader,
} from './campaign-content.ts';
import { type CampaignDraft, type CampaignRow, campaignStore } from './campaign-store.ts';
import type { CategoryService } from './categories/category-service.ts';
import { ensureMarketingRoom } from './marketing-quota.ts';
import { nobody, type RecipientLinks } from './recipient-pages/recipient-links.ts';
import type { VoucherService } from './vouchers/voucher-service.ts';

export interface CampaignServiceDeps {
  db: Db;
  clock: Clock;
  company: Pick<CompanyDoor, 'utcOffsetMinutes' | 'toggles' | 'autoLinkUtm'>;
  audiences: Audiences;
  senders: SenderDoor;
  renderDesign: RenderDesign;
  categories: Pick<CategoryService, 'check'>;
  vouchers: Pick<VoucherService, 'check'>;
  /** Test sends go through the engine's one door, as the campaign itself does. */
  engine: Pick<MarketingEngine, 'submitCampaignBatch' | 'planExpiresAt'>;
  /** A test's links to the reader's pages: the chosen contact's, or nobody's. */
  links: RecipientLinks;
}

export type CampaignService = ReturnType<typeof createCampaignService>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toCampaign = (row: CampaignRow): Campaign => ({
  id: row.id,
  name: row.name,
  subject: row.subject,
  preheader: row.preheader,
  senderId: row.sender_id,
  replyTo: row.reply_to,
  categoryId: row.category_id,
  labels: row.labels,
  segments: row.segments,
  excludedLabels: row.excluded_labels,
  excludedSegments: row.excluded_segments,
  content: row.content,
  ab: row.ab,
  sendRate: row.send_rate,
  voucherListId: row.voucher_list_id,
  abState: row.ab_state && {
    phase: row.ab_state.phase,
    testEndsAt: row.ab_state.testEndsAt,
    winner: row.ab_state.winner,
    pickedBy: row.ab_state.pickedBy,
  },
  status: row.status,
  scheduledAt: iso(row.scheduled_at),
  startedAt: iso(row.started_at),
  sentAt: iso(row.sent_at),
  queued: row.queued,
  error: row.error,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const draftOf = (row: CampaignRow): CampaignDraft => ({
  name: row.name,
  subject: row.subject,
  preheader: row.preheader,
  senderId: row.sender_id,
  replyTo: row.reply_to,
  categoryId: row.category_id,
  content: row.content,
  ab: row.ab,
  sendRate: row.send_rate,
  voucherListId: row.voucher_list_id,
  ...audienceOf(row),
});

const notFound = () => new DomainError('entityNotFound', 'Campaign not found', { field: 'id' });
const refused = (message: string) => new DomainError('state', message);

/** "YYYY-MM-DD HH:mm" in a zone `offsetMinutes` east of UTC, as an instant; null when no such time. */
function scheduleInstant(text: string, offsetMinutes: number): Date | null {
  const [date = '', time = ''] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  const check = new Date(utc);
  if (
    check.getUTCMonth() !== (month ?? 1) - 1 ||
    check.getUTCDate() !== day ||
    (hour ?? 0) > 23 ||
    (minute ?? 0) > 59
  ) {
    return null;
  }
  return new Date(utc - offsetMinutes * 60_000);
}

/**
 * §7 /email-marketing: campaigns composed as drafts, counted, sent now or at a time in the team's
 * time zone; the send itself is the campaign runner's (campaign-runner.ts).
 */
export function createCampaignService(deps: CampaignServiceDeps) {
  const { db, clock, audiences, senders } = deps;

  const owned = async (companyId: string, id: string) => {
    const row = isId(id) ? await campaignStore.get(db, companyId, id) : undefined;
    if (!row) throw notFound();
    return row;
  };

  /** Refuses a sender, a category, or labels and segments that are not the company's. */
  async function checkOwned(companyId: string, draft: CampaignDraft) {
    if (draft.senderId !== null && !(await senders.find(companyId, draft.senderId))) {
      throw new DomainError('entityNotFound', 'Sender not found', {
        field: 'senderId',
        value: draft.senderId,
      });
    }
    await Promise.all([
      audiences.check(companyId, draft),
      deps.categories.check(companyId, draft.categoryId),
      deps.vouchers.check(companyId, draft.voucherListId),
    ]);
  }

  /** Moves the company's campaign from one of `from` to `to`, or says why not. */
  async function moved(
    companyId: string,
    id: string,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
    refusal: string,
    scheduledAt?: null,
  ): Promise<Campaign> {
    await owned(companyId, id);
    const row = await campaignStore.move(db, companyId, id, {
      from,
      to,
      now: clock.now(),
      ...(scheduledAt === undefined ? {} : { scheduledAt }),
    });
    if (!row) throw refused(refusal);
    return toCampaign(row);
  }

  /** What the campaign lacks before it can go out (the ready-to-send check); empty when ready. */
  async function missingOf(row: CampaignRow): Promise<string[]> {
    const missing: string[] = [];
    if (row.subject === '') missing.push(campaignMissing.subject);
    const sender = row.sender_id ? await senders.find(row.company_id, row.sender_id) : undefined;
    if (!sender?.validated) missing.push(campaignMissing.sender);
    if (row.labels.length === 0 && row.segments.length === 0) missing.push(campaignMissing.recipients);
    if (!row.content) missing.push(campaignMissing.content);
    else {
      const { html } = await campaignParts(row.company_id, row.content, deps.renderDesign);
      if (!hasUnsubscribeLink(html)) missing.push(campaignMissing.unsubscribe);
    }
    const unchanged = sameAsA(row);
    if (unchanged) missing.push(unchanged);
    for (const [index, version] of (row.ab?.versions ?? []).entries()) {
      if (!version.content) continue;
      const { html } = await campaignParts(row.company_id, version.content, deps.renderDesign);
      if (!hasUnsubscribeLink(html))
        missing.push(`Version ${abVersionNames[index + 1]}: ${campaignMissing.unsubscribe}`);
    }
    const expires = await deps.engine.planExpiresAt(row.company_id);
    if (expires && expires <= clock.now()) missing.push(campaignMissing.plan);
    return missing;
  }

  /** A campaign without its content (up to 2 MB), as lists and followers read it. */
  const withoutContent = (row: CampaignRow) => {
    const { content: _content, ab: _versions, ...item } = toCampaign(row);
    return item;
  };

  return {
    /** The company's plain campaigns (`kind` campaign) or its A/B tests, newest first. */
    async list(
      companyId: string,
      query: CampaignListFilter,
      kind: 'campaign' | 'ab' = 'campaign',
    ): Promise<CampaignListAnswer> {
      if (query.category !== undefined && !isId(query.category)) {
        return { items: [], total: 0, page: query.page, size: query.size };
      }
      const { rows, total } = await campaignStore.page(db, companyId, query, kind);
      const items = rows.map(withoutContent);
      return { items, total, page: query.page, size: query.size };
    },

    get: async (companyId: string, id: string) => toCampaign(await owned(companyId, id)),

    /** Where it stands, without its content. */
    status: async (companyId: string, id: string) => withoutContent(await owned(companyId, id)),

    async create(companyId: string, body: NewCampaign): Promise<Campaign> {
      const draft: CampaignDraft = {
        name: body.name,
        subject: body.subject ?? '',
        preheader: body.preheader ?? '',
        senderId: body.senderId ?? null,
        replyTo: body.replyTo ?? null,
        categoryId: body.categoryId ?? null,
        content: body.content ?? null,
        labels: body.labels ?? [],
        segments: body.segments ?? [],
        excludedLabels: body.excludedLabels ?? [],
        excludedSegments: body.excludedSegments ?? [],
        ab: body.ab ?? null,
        sendRate: body.sendRate ?? null,
        voucherListId: body.voucherListId ?? null,
      };
      await checkOwned(companyId, draft);
      return toCampaign(await campaignStore.insert(db, companyId, draft, clock.now()));
    },

    async update(companyId: string, id: string, patch: CampaignPatch): Promise<Campaign> {
      const row = await owned(companyId, id);
      if (row.status !== 'DRAFT') throw refused(campaignRefusals.notDraft);
      const draft = { ...draftOf(row), ...patch };
      await checkOwned(companyId, draft);
      const updated = await campaignStore.update(db, companyId, id, draft, clock.now());
      if (!updated) throw refused(campaignRefusals.notDraft);
      return toCampaign(updated);
    },

    async remove(companyId: string, id: string): Promise<void> {
      await owned(companyId, id);
      if (!(await campaignStore.remove(db, companyId, id))) throw refused(campaignRefusals.sending);
    },

    /** A new draft with the campaign's name (as a copy), content, sender and recipients. */
    async duplicate(companyId: string, id: string): Promise<Campaign> {
      const row = await owned(companyId, id);
      const draft = { ...draftOf(row), name: `Copy of ${row.name}`.slice(0, 200) };
      return toCampaign(await campaignStore.insert(db, companyId, draft, clock.now()));
    },

    /**
     * §6 HTML download: the campaign's HTML as it is sent (rendered from its design, the preheader
     * in, merge tags still to fill), for companies with the htmlDownload toggle.
     */
    async html(companyId: string, id: string): Promise<string> {
      const row = await owned(companyId, id);
      if (!(await deps.company.toggles(companyId)).includes('htmlDownload')) {
        throw new DomainError(
          'notAllowed',
          "Downloading a campaign's HTML needs the HTML download option. Ask your administrator to turn it on.",
        );
      }
      if (!row.content) throw new DomainError('validation', campaignMissing.content, { field: 'content' });
      const parts = await campaignParts(companyId, row.content, deps.renderDesign).catch(() => undefined);
      if (!parts) throw new DomainError('validation', campaignRefusals.unrenderable, { field: 'content' });
      return withPreheader(parts.html, row.preheader);
    },

    /** The ready-to-send check: what the campaign still lacks, in the composer's words (none: ready). */
    readiness: async (companyId: string, id: string) => ({
      missing: await missingOf(await owned(companyId, id)),
    }),

    /**
     * §4 send test: the campaign as it stands, "[Test]" before its subject (an A/B test's every version,
     * "[Test B]"), to `emails`, merged with the fields of the contact `contactId` (or left blank). Not
     * part of the campaign's send or report; `sent` counts the messages.
     */
    async sendTest(
      companyId: string,
      id: string,
      body: { emails: readonly string[]; contactId?: string | undefined },
    ): Promise<{ sent: number }> {
      const row = await owned(companyId, id);
      if (row.subject === '')
        throw new DomainError('validation', campaignMissing.subject, { field: 'subject' });
      // An A/B test's test shows every version, each named in its subject.
      const mails = row.ab ? await versionMails(row, deps) : await campaignMail(row, deps);
      if (typeof mails === 'string') throw new DomainError('validation', mails, { field: 'campaign' });
      const contact = body.contactId ? await audiences.member(companyId, body.contactId) : undefined;
      if (body.contactId && !contact) {
        throw new DomainError('entityNotFound', 'Contact not found', {
          field: 'contactId',
          value: body.contactId,
        });
      }
      const versions = Array.isArray(mails) ? mails : [mails];
      try {
        for (const [index, mail] of versions.entries()) {
          const prefix = row.ab ? `[Test ${abVersionNames[index]}]` : '[Test]';
          await deps.engine.submitCampaignBatch(companyId, {
            key: `${engineCampaignId(id)}-test-${randomUUID()}`,
            campaignId: `${engineCampaignId(id)}-test`,
            content: { ...mail, subject: `${prefix} ${mail.subject}` },
            recipients: body.emails.map((address) => ({
              address,
              data: {
                ...contact?.data,
                ...deps.links.of({ campaignId: id, contactId: contact?.id ?? nobody }),
              },
            })),
            openTracking: false,
            clickTracking: false,
          });
        }
      } catch (error) {
        if (error instanceof CampaignBatchRefused) throw new DomainError('validation', error.message);
        throw error;
      }
      return { sent: body.emails.length * versions.length };
    },

    /** How many contacts it would go to now: each once, only those who may be mailed. */
    countRecipients: async (companyId: string, id: string) =>
      audiences.count(companyId, audienceOf(await owned(companyId, id))),

    /**
     * Sends the draft now or at `schedule` ("YYYY-MM-DD HH:mm" in the team's time zone); refused while
     * anything is missing (every missing thing named) or when no contact can be mailed.
     */
    async send(companyId: string, id: string, body: { schedule?: string | undefined }): Promise<Campaign> {
      const row = await owned(companyId, id);
      if (row.status !== 'DRAFT') throw refused(campaignRefusals.notSchedulable);
      let scheduledAt: Date | null = null;
      if (body.schedule !== undefined) {
        scheduledAt = scheduleInstant(body.schedule, await deps.company.utcOffsetMinutes(companyId));
        if (!scheduledAt)
          throw new DomainError('validation', 'Give the time as YYYY-MM-DD HH:mm', { field: 'schedule' });
        if (scheduledAt <= clock.now()) {
          throw new DomainError('validation', campaignRefusals.pastSchedule, { field: 'schedule' });
        }
      }
      const expires = await deps.engine.planExpiresAt(companyId);
      if (expires && (scheduledAt ?? clock.now()) >= expires) {
        throw new DomainError('validation', campaignRefusals.packageExpired, { field: 'schedule' });
      }
      const missing = await missingOf(row);
      if (missing.length > 0) {
        throw new DomainError('validation', missing.join('. '), { field: 'campaign', value: missing });
      }
      const count = await audiences.count(companyId, audienceOf(row));
      if (count === 0) {
        throw new DomainError('validation', campaignRefusals.noRecipients, { field: 'labels' });
      }
      if (row.ab && count < abMinRecipients) {
        throw new DomainError('validation', abMessages.tooFewRecipients, { field: 'labels', value: count });
      }
      if (row.ab) {
        // The plan's A/B tests a month (§9's sample: 10), counted in the calendar month (UTC).
        await ensureWithinPlan(db, companyId, {
          group: 'A/B testing',
          subFeature: 'abTestEmailLimit',
          used: await campaignStore.abTestsSince(db, companyId, monthStart(clock.now())),
        });
      }
      // Sent now, it must fit the month's marketing emails; scheduled, it is checked batch by batch.
      if (!scheduledAt) await ensureMarketingRoom(db, clock, companyId, count);
      const moved = await campaignStore.move(db, companyId, id, {
        from: ['DRAFT'],
        to: scheduledAt ? 'SCHEDULED' : 'SENDING',
        scheduledAt,
        now: clock.now(),
      });
      if (!moved) throw refused(campaignRefusals.notSchedulable);
      return toCampaign(moved);
    },

    /** Holds a send between two batches (what the engine has taken still goes out). */
    pause: (companyId: string, id: string) =>
      moved(companyId, id, ['SENDING'], 'PAUSED', campaignRefusals.notSending),

    /** Goes on with a held send where it stood: no contact gets it twice. */
    resume: (companyId: string, id: string) =>
      moved(companyId, id, ['PAUSED'], 'SENDING', campaignRefusals.notPaused),

    /** Stops a schedule or a send for good (what the engine has taken still goes out). */
    cancel: (companyId: string, id: string) =>
      moved(companyId, id, ['SCHEDULED', 'SENDING', 'PAUSED'], 'CANCELLED', campaignRefusals.notCancellable),

    /** A scheduled campaign back to a draft, without its time; not an A/B test whose test has gone out. */
    async cancelSchedule(companyId: string, id: string): Promise<Campaign> {
      if ((await owned(companyId, id)).started_at) throw refused(abMessages.started);
      return moved(companyId, id, ['SCHEDULED'], 'DRAFT', campaignRefusals.notScheduled, null);
    },
  };
}
