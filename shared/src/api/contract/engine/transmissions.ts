import { z } from 'zod';
import { sparkpostRecipient } from './recipients.ts';

const flag = z.boolean().optional();

export const transmissionOptions = z.object({
  start_time: z.string().optional(),
  open_tracking: flag,
  initial_open: flag,
  click_tracking: flag,
  transactional: flag,
  sandbox: flag,
  skip_suppression: flag,
  ip_pool: z.string().max(20).optional(),
  inline_css: flag,
  perform_substitutions: flag,
});

const fromAddress = z.union([
  z.string().min(1).max(998),
  z.object({ email: z.string().min(1).max(320), name: z.string().max(256).optional() }),
]);

const fileData = z.object({
  name: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.string().regex(/^[A-Za-z0-9+/=\s]*$/, 'must be base64'),
});

export const inlineContent = z.object({
  from: fromAddress,
  subject: z.string().max(998),
  html: z.string().optional(),
  text: z.string().optional(),
  amp_html: z.string().optional(),
  reply_to: z.string().max(998).optional(),
  headers: z.record(z.string(), z.string()).optional(),
  attachments: z.array(fileData).max(100).optional(),
  inline_images: z.array(fileData).max(100).optional(),
});

export const templateContent = z.object({
  template_id: z.string().min(1).max(64),
  use_draft_template: z.boolean().optional(),
});

export const rfc822Content = z.object({ email_rfc822: z.string().min(1) });

export const transmissionBody = z.object({
  options: transmissionOptions.optional(),
  campaign_id: z.string().max(64).optional(),
  description: z.string().max(1024).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  substitution_data: z.record(z.string(), z.unknown()).optional(),
  return_path: z.string().max(320).optional(),
  recipients: z.union([
    z.array(sparkpostRecipient).max(100_000),
    z.object({ list_id: z.string().min(1).max(64) }),
  ]),
  content: z.union([templateContent, rfc822Content, inlineContent]),
});

export type TransmissionBody = z.output<typeof transmissionBody>;
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

export const transmissionSummary = z.object({
  id: z.string(),
  state: z.string(),
  campaign_id: z.string(),
  description: z.string(),
  content: z.object({ template_id: z.string() }),
  start_time: z.string().optional(),
  num_rcpts: z.number(),
  num_generated: z.number(),
  num_failed_gen: z.number(),
  num_invalid_recipients: z.number(),
  created: z.string(),
});
