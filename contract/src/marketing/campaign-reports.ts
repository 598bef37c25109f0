import { z } from 'zod';
import { numericId } from '../engine/common.ts';
import { campaignReportTypes } from './campaign-messages.ts';
import { listPage, listQuery } from './list.ts';

export { type CampaignReportType, campaignReportTypes } from './campaign-messages.ts';

/**
 * `GET /v1/email-marketing/reports/{id}`: each count is of recipients (a person who opened twice is
 * one); opens a mail client or a scanner made are apart (`machineOpened`), never in `opened`.
 */
export const campaignReport = z.object({
  /** Contacts the send queued. */
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  opened: z.number().int(),
  machineOpened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  complained: z.number().int(),
  /** Delivered and not opened by a person. */
  notOpened: z.number().int(),
});

export const campaignReportParams = z.object({ id: numericId, type: z.enum(campaignReportTypes) });
export const campaignReportQuery = listQuery.pick({ page: true, size: true });

/** `GET /v1/email-marketing/reports/{id}/{type}`: the recipients of one report type, latest first. */
export const campaignReportRecipient = z.object({
  contactId: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  /** When it happened (delivered for "notopen"). */
  at: z.string(),
});
export const campaignReportRecipients = listPage(campaignReportRecipient);

/** `GET /v1/email-marketing/reports/{id}/links`: the links people clicked, most clicked first (100 at most). */
export const campaignReportLinks = z.object({
  items: z.array(z.object({ url: z.string(), clicks: z.number().int(), people: z.number().int() })),
});

export type CampaignReport = z.output<typeof campaignReport>;
export type CampaignReportLinks = z.output<typeof campaignReportLinks>;
export type CampaignReportRecipients = z.output<typeof campaignReportRecipients>;

/** The hours a campaign's timeline covers after its send started (§ issue 25: the first 48). */
export const timelineHours = 48;

/** `GET /v1/email-marketing/reports/{id}/timeline`: each hour's firsts (deliveries, people's opens, clicks). */
export const campaignTimeline = z.object({
  startedAt: z.string().nullable(),
  hours: z.array(
    z.object({
      /** Hours after the send started: 0 is the first. */
      hour: z.number().int(),
      delivered: z.number().int(),
      opened: z.number().int(),
      clicked: z.number().int(),
    }),
  ),
});
export type CampaignTimeline = z.output<typeof campaignTimeline>;
