/**
 * The campaigns' words (issue 25) that the console shows as they are; no zod here, so the marketing
 * app can take them without the schemas.
 */

/** A campaign's life (issue 25): composed, waiting for its time, going out, held, done, stopped, broken. */
export const campaignStatuses = [
  'DRAFT',
  'SCHEDULED',
  'SENDING',
  'PAUSED',
  'SENT',
  'CANCELLED',
  'FAILED',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

/** What a campaign still lacks before it can be sent (the ready-to-send check), in the composer's words. */
export const campaignMissing = {
  subject: 'Add a subject',
  sender: 'Choose a validated sender',
  recipients: 'Choose the labels or segments to send to',
  content: 'Add the content',
  unsubscribe: 'Add an unsubscribe link to the content',
  plan: 'Renew your plan: it has expired',
} as const;

/** A campaign's optional send rate, in contacts an hour (sent a minute's share at a time). */
export const sendRateLimits = { min: 60, max: 1_000_000 } as const;

/** Why a campaign cannot be changed or sent as asked. */
export const campaignRefusals = {
  notDraft: 'Only a draft can be changed: cancel its schedule first',
  notSchedulable: 'Only a draft can be sent or scheduled',
  notScheduled: 'The campaign is not scheduled',
  sending: 'A campaign that is going out cannot be deleted',
  pastSchedule: 'Choose a time in the future',
  noRecipients: 'No contact in the chosen labels and segments can be mailed',
  notSending: 'Only a campaign that is going out can be paused',
  notPaused: 'Only a paused campaign can be resumed',
  notCancellable: 'Only a scheduled, sending or paused campaign can be cancelled',
  unrenderable: 'The content could not be rendered',
  /** §8, word for word: a send or schedule past the plan's end. */
  packageExpired: 'Package expired, please update your plan',
} as const;

/** §9's report types of a campaign: whose mail did what, each a recipient list of the report. */
export const campaignReportTypes = [
  'delivered',
  'opened',
  'clicked',
  'notopen',
  'bounceback',
  'unsubscribed',
  'reportspam',
] as const;
export type CampaignReportType = (typeof campaignReportTypes)[number];

/** How each report type reads in the console. */
export const campaignReportTitles: Record<CampaignReportType, string> = {
  delivered: 'Delivered',
  opened: 'Opened',
  clicked: 'Clicked',
  notopen: 'Not opened',
  bounceback: 'Bounced',
  unsubscribed: 'Unsubscribed',
  reportspam: 'Reported as spam',
};
