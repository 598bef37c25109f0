import { z } from 'zod';
import { emailDesign } from '../editor/design.ts';
import { numericId } from '../engine/common.ts';
import { abMessages, abMetrics, abPhases, abTestShare, abWaitHours, maxAbVersions } from './ab-test-words.ts';
import { campaignStatuses, sendRateLimits } from './campaign-messages.ts';
import { listPage, listQuery } from './list.ts';

export { type CampaignStatus, campaignStatuses } from './campaign-messages.ts';

/** The largest campaign HTML taken (the engine renders each message from it). */
export const maxCampaignHtmlBytes = 2 * 1024 * 1024;

/** What the campaign says: HTML in the engine's substitution language (`{{firstname}}`), or a block design. */
export const campaignContent = z.union([
  z.object({ html: z.string().max(maxCampaignHtmlBytes, 'The HTML is larger than 2 MB') }).strict(),
  z.object({ design: emailDesign }).strict(),
]);
export type CampaignContent = z.output<typeof campaignContent>;

const ids = z.array(numericId).max(50, 'At most 50');

/** A version beside the campaign's own (A): what it changes. */
export const abVersion = z
  .object({
    subject: z.string().trim().min(1).max(250, 'A subject has at most 250 characters').optional(),
    senderName: z.string().trim().min(1).max(100, 'A sender name has at most 100 characters').optional(),
    content: campaignContent.optional(),
  })
  .strict();

/** An A/B test's settings (§5): its versions B to D, the test share, the wait and what decides. */
export const abSettings = z
  .object({
    versions: z
      .array(abVersion)
      .min(1, 'Add version B')
      .max(maxAbVersions - 1, `An A/B test has at most ${maxAbVersions} versions`),
    testShare: z
      .number()
      .int()
      .superRefine((share, context) => {
        if (share >= 100) context.addIssue({ code: 'custom', message: abMessages.winnerZero });
        else if (share < abTestShare.min || share > abTestShare.max)
          context.addIssue({ code: 'custom', message: abMessages.testShare });
      }),
    waitHours: z
      .number()
      .int()
      .min(abWaitHours.min, `Wait ${abWaitHours.min} to ${abWaitHours.max} hours`)
      .max(abWaitHours.max, `Wait ${abWaitHours.min} to ${abWaitHours.max} hours`),
    metric: z.enum(abMetrics),
  })
  .strict();
export type AbSettings = z.output<typeof abSettings>;
export type AbVersion = z.output<typeof abVersion>;

/** Where a sent A/B test stands: its phase, when the test ends, and the winner once known. */
export const abState = z.object({
  phase: z.enum(abPhases),
  testEndsAt: z.string().nullable(),
  /** The winning version's index (0 = A). */
  winner: z.number().int().nullable(),
  pickedBy: z.enum(['metric', 'hand']).nullable(),
});
export type AbState = z.output<typeof abState>;

const campaignFields = {
  name: z
    .string()
    .trim()
    .min(1, 'Enter the campaign name')
    .max(200, 'A campaign name has at most 200 characters'),
  subject: z.string().trim().max(250, 'A subject has at most 250 characters'),
  preheader: z.string().trim().max(250, 'A preheader has at most 250 characters'),
  senderId: numericId.nullable(),
  replyTo: z.email('Enter a valid reply-to address').max(254).nullable(),
  /** One of the company's campaign categories (§2 Campaign Category). */
  categoryId: numericId.nullable(),
  /** Contacts in any of these labels or segments receive it, once each... */
  labels: ids,
  segments: ids,
  /** ...unless they are in one of these. */
  excludedLabels: ids,
  excludedSegments: ids,
  content: campaignContent.nullable(),
  /** An A/B test's settings (§7 /ab-test); null for a plain campaign. */
  ab: abSettings.nullable(),
  /** A voucher list (§7 /utils/vouchers): each recipient's code fills `{{voucher}}`. */
  voucherListId: numericId.nullable(),
  /** At most this many contacts an hour; null: as fast as the engine takes them. */
  sendRate: z
    .number()
    .int()
    .min(sendRateLimits.min, `A send rate is ${sendRateLimits.min} to ${sendRateLimits.max} contacts an hour`)
    .max(sendRateLimits.max, `A send rate is ${sendRateLimits.min} to ${sendRateLimits.max} contacts an hour`)
    .nullable(),
};

/** `POST /v1/email-marketing`: a draft; everything but the name can come later. */
export const newCampaignBody = z
  .object({ name: campaignFields.name })
  .extend(z.object(campaignFields).omit({ name: true }).partial().shape)
  .strict();
/** `PATCH /v1/email-marketing/{id}`: a draft's changes. */
export const campaignPatchBody = z.object(campaignFields).partial().strict();

/** `POST /v1/email-marketing/{id}/send`: now, or at "YYYY-MM-DD HH:mm" in the team's time zone. */
export const campaignSendBody = z
  .object({
    schedule: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'Give the time as YYYY-MM-DD HH:mm')
      .optional(),
  })
  .strict();

/** `POST /v1/email-marketing/{id}/send-test-v2`: the addresses (the plan's 10 contact testers at most) and whose data. */
export const campaignTestBody = z
  .object({
    emails: z
      .array(z.email('Enter valid email addresses').max(254))
      .min(1, 'Enter at least one address')
      .max(10, 'A test goes to at most 10 addresses'),
    contactId: numericId.optional(),
  })
  .strict();
export const campaignTestSent = z.object({ sent: z.number().int() });
/** `GET /v1/email-marketing/{id}/ready`: what the campaign lacks before Send is offered (empty: ready). */
export const campaignReadiness = z.object({ missing: z.array(z.string()) });

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  preheader: z.string(),
  senderId: z.string().nullable(),
  replyTo: z.string().nullable(),
  categoryId: z.string().nullable(),
  labels: z.array(z.string()),
  segments: z.array(z.string()),
  excludedLabels: z.array(z.string()),
  excludedSegments: z.array(z.string()),
  content: campaignContent.nullable(),
  ab: abSettings.nullable(),
  abState: abState.nullable(),
  sendRate: z.number().int().nullable(),
  voucherListId: z.string().nullable(),
  status: z.enum(campaignStatuses),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Contacts the send has queued so far. */
  queued: z.number().int(),
  /** Why it failed or paused. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The list's query: `category` a category's id. */
export const campaignListQuery = listQuery.pick({
  page: true,
  size: true,
  search: true,
  status: true,
  category: true,
});
/** A list's item: the campaign without its contents (up to 2 MB each), which its own GET gives. */
export const campaignListItem = campaignSchema.omit({ content: true, ab: true });
export const campaignListAnswer = listPage(campaignListItem);
export const campaignCount = z.object({ count: z.number().int() });

export type CampaignTestBody = z.output<typeof campaignTestBody>;
export type CampaignReadiness = z.output<typeof campaignReadiness>;
export type NewCampaign = z.output<typeof newCampaignBody>;
export type CampaignPatch = z.output<typeof campaignPatchBody>;
export type Campaign = z.output<typeof campaignSchema>;
export type CampaignListAnswer = z.output<typeof campaignListAnswer>;
export type CampaignListFilter = z.output<typeof campaignListQuery>;

/** `POST /v1/ab-test/{id}/pick-winner` (§4): the version (0 = A) the rest receives. */
export const abPickBody = z
  .object({
    version: z
      .number()
      .int()
      .min(0)
      .max(maxAbVersions - 1),
  })
  .strict();

/** One version's results in the test, recipients counted once. */
export const abVersionReport = z.object({
  /** "A", "B"… */
  version: z.string(),
  subject: z.string(),
  senderName: z.string(),
  sent: z.number().int(),
  delivered: z.number().int(),
  /** Opened by a person (a machine's open is not counted). */
  opened: z.number().int(),
  clicked: z.number().int(),
});

/** `GET /v1/ab-test/{id}/report`: each version side by side, and what the test decided. */
export const abReport = z.object({
  metric: z.enum(abMetrics),
  state: abState.nullable(),
  versions: z.array(abVersionReport),
  /** Said when the leading version's lead could be chance. */
  note: z.string().nullable(),
});
export type AbReport = z.output<typeof abReport>;
export type AbVersionReport = z.output<typeof abVersionReport>;
