import { z } from 'zod';
import { emailAddress } from './email-address.ts';
import { sparkpostRecipient } from './recipients.ts';
import { byteLimitedText, headerText, jsonObject } from './storable.ts';

/** RFC 3339 date-time whose date and time exist (no 31 November rolling over to December). */
export function isStartTime(value: string): boolean {
  if (value === 'now') return true;
  const match =
    /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/i.exec(
      value,
    );
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part))) as number[];
  const daysInMonth = new Date(Date.UTC(year ?? 0, month ?? 0, 0)).getUTCDate();
  return (
    (month ?? 0) >= 1 &&
    (month ?? 0) <= 12 &&
    (day ?? 0) >= 1 &&
    (day ?? 0) <= daysInMonth &&
    (hour ?? 0) <= 23 &&
    (minute ?? 0) <= 59 &&
    (second ?? 0) <= 59 &&
    (offsetHours ?? 0) <= 23 &&
    (offsetMinutes ?? 0) <= 59
  );
}

/** SparkPost's limits: metadata 10 KB, substitution data 100 KB (per transmission and per recipient). */
export const metadataObject = jsonObject(10 * 1024, 'metadata');
export const substitutionDataObject = jsonObject(100 * 1024, 'substitution_data');
export const campaignId = byteLimitedText(64);

const flag = z.boolean().optional();

export const transmissionOptions = z.object({
  start_time: z
    .string()
    .refine(isStartTime, 'must be an ISO 8601 date-time that exists, e.g. 2026-12-01T08:00:00+00:00')
    .optional(),
  open_tracking: flag,
  initial_open: flag,
  click_tracking: flag,
  transactional: flag,
  sandbox: flag,
  skip_suppression: flag,
  ip_pool: z.string().max(20).optional(),
  inline_css: flag,
  perform_substitutions: flag,
  /** Accepted by the schema so that naming a key we do not have is refused precisely (400/1100). */
  dkim_key: z.string().max(255).optional(),
});

const fromAddress = z.union([
  headerText(998).min(1),
  z.object({ email: headerText(320).min(1), name: headerText(256).optional() }),
]);

const fileData = z.object({
  name: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.string().regex(/^[A-Za-z0-9+/=\s]*$/, 'must be base64'),
});

export const inlineContent = z.object({
  from: fromAddress,
  subject: headerText(998),
  html: z.string().optional(),
  text: z.string().optional(),
  amp_html: z.string().optional(),
  reply_to: headerText(998).optional(),
  headers: z.record(z.string(), headerText()).optional(),
  attachments: z.array(fileData).max(100).optional(),
  inline_images: z.array(fileData).max(100).optional(),
});

export const templateContent = z.object({
  template_id: z.string().min(1).max(64),
  use_draft_template: z.boolean().optional(),
});

export const rfc822Content = z.object({ email_rfc822: z.string().min(1) });

/** A union's own "Invalid input" would hide that the field is simply missing (SparkPost's 1400). */
const requiredField = (name: string) => ({
  error: (issue: { input: unknown }) =>
    issue.input === undefined ? `${name} is required, received undefined` : undefined,
});

/** Recipients by reference: a stored recipient list. */
const storedListReference = z.object({ list_id: z.string().min(1).max(64) });

/** The most recipients one transmission may list. */
export const maxRecipients = 100_000;

export const transmissionBody = z.object({
  options: transmissionOptions.optional(),
  campaign_id: campaignId.optional(),
  description: byteLimitedText(1024).optional(),
  metadata: metadataObject.optional(),
  substitution_data: substitutionDataObject.optional(),
  return_path: emailAddress().optional(),
  /** A verified tracking domain of the account for this transmission's tracked links and open pixels. */
  tracking_domain: z.string().max(255).optional(),
  recipients: z.union(
    [z.array(sparkpostRecipient).max(maxRecipients), storedListReference],
    requiredField('recipients'),
  ),
  content: z.union([templateContent, rfc822Content, inlineContent], requiredField('content')),
});

export type TransmissionBody = z.output<typeof transmissionBody>;
/** A transmission as a client sends it (defaults not applied yet). */
export type TransmissionRequest = z.input<typeof transmissionBody>;

/**
 * transmissionBody with its recipients left unchecked: a server that parses up to 100,000 of them in
 * slices (each with sparkpostRecipient) validates the rest of the body with this.
 */
export const transmissionEnvelope = transmissionBody.extend({
  recipients: z.union(
    [z.array(z.unknown()).max(maxRecipients), storedListReference],
    requiredField('recipients'),
  ),
});
export type InlineContent = z.output<typeof inlineContent>;

export const rcptToError = z.object({
  message: z.string(),
  description: z.string().optional(),
  code: z.string(),
});

export const transmissionAccepted = z.object({
  total_rejected_recipients: z.number(),
  total_accepted_recipients: z.number(),
  id: z.string(),
  rcpt_to_errors: z.array(rcptToError).optional(),
});
export type TransmissionAccepted = z.infer<typeof transmissionAccepted>;

export const transmissionSummary = z.object({
  id: z.string(),
  state: z.string(),
  campaign_id: z.string(),
  description: z.string(),
  content: z.object({ template_id: z.string() }),
  start_time: z
    .string()
    .refine(isStartTime, 'must be an ISO 8601 date-time that exists, e.g. 2026-12-01T08:00:00+00:00')
    .optional(),
  num_rcpts: z.number(),
  num_generated: z.number(),
  num_failed_gen: z.number(),
  num_invalid_recipients: z.number(),
  created: z.string(),
});

/** One transmission as `GET /transmissions/{id}` answers it: the summary and what its request carried. */
export const transmissionDetail = transmissionSummary.extend({
  content: z.object({ template_id: z.string(), use_draft_template: z.boolean() }),
  generation_start_time: z.string().optional(),
  generation_end_time: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()),
  substitution_data: z.record(z.string(), z.unknown()),
  options: z.record(z.string(), z.unknown()),
});

/** `POST /api/v1/transmissions?num_rcpt_errors=`: how many refused recipients the answer lists. */
export const transmissionSendQuery = z.object({ num_rcpt_errors: z.coerce.number().int().min(0).optional() });

/** A send's answer: what was accepted, and SparkPost's 2000 warning when some recipients were refused. */
export const transmissionSendAnswer = z.object({
  results: transmissionAccepted,
  errors: z.array(z.object({ message: z.string(), code: z.string() })).optional(),
});

export const transmissionListQuery = z.object({
  campaign_id: campaignId.optional(),
  template_id: z.string().max(64).optional(),
});

export const transmissionOne = z.object({ transmission: transmissionDetail });

/** `DELETE /api/v1/transmissions?campaign_id=`: cancels a campaign's scheduled transmissions. */
export const transmissionCancelQuery = z.object({ campaign_id: campaignId });
