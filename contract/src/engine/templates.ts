import { z } from 'zod';
import { booleanQuery } from './query.ts';
import { byteLimitedText, headerText } from './storable.ts';

/** Template and recipient list ids: letters, digits, `.`, `_` and `-`, as they appear in URLs. */
export const resourceId = z
  .string()
  .min(1)
  .max(64, 'is at most 64 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"');

const from = z.union([
  headerText(998),
  z.object({ email: headerText(998), name: headerText(998).optional() }),
]);

/**
 * A template's content as sent and stored: inline parts, or `email_rfc822` alone. Which fields are
 * required (subject, from, a body) is checked on the server so the error names the missing field.
 */
export const templateContentBody = z.object({
  from: from.optional(),
  subject: headerText(998).optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  amp_html: z.string().optional(),
  reply_to: headerText(998).optional(),
  headers: z.record(z.string(), headerText()).optional(),
  email_rfc822: z.string().optional(),
});

export const templateOptions = z.object({
  open_tracking: z.boolean().optional(),
  click_tracking: z.boolean().optional(),
  transactional: z.boolean().optional(),
});

const name = z.string().trim().max(1024, 'is at most 1024 characters');
const description = byteLimitedText(1024);
const substitutionData = z.record(z.string(), z.unknown());

export const templateCreateBody = z.object({
  id: resourceId.optional(),
  name: name.optional(),
  description: description.optional(),
  published: z.boolean().default(false),
  shared_with_subaccounts: z.boolean().optional(),
  options: templateOptions.optional(),
  content: templateContentBody,
  /** Defaults for the template's substitutions; transmission and recipient data win over them. */
  substitution_data: substitutionData.optional(),
});

export const templateUpdateBody = z.object({
  name: name.optional(),
  description: description.optional(),
  published: z.boolean().optional(),
  shared_with_subaccounts: z.boolean().optional(),
  options: templateOptions.optional(),
  content: templateContentBody.optional(),
  substitution_data: substitutionData.optional(),
});

export const templateGetQuery = z.object({ draft: booleanQuery.optional() });
export const templateUpdateQuery = z.object({ update_published: booleanQuery.optional() });
export const templateListQuery = z.object({
  draft: booleanQuery.optional(),
  shared_with_subaccounts: booleanQuery.optional(),
});

export const templatePreviewBody = z.object({ substitution_data: substitutionData.optional() });

/** `POST /utils/content-previewer`: inline content rendered with the data given, nothing stored. */
export const contentPreviewerBody = z.object({
  content: templateContentBody,
  substitution_data: substitutionData,
});

export const templateSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Whether the version described is the published one (false: the draft). */
  published: z.boolean(),
  has_draft: z.boolean(),
  has_published: z.boolean(),
  last_update_time: z.string(),
  last_use: z.string().optional(),
  /** On the master account's templates only. */
  shared_with_subaccounts: z.boolean().optional(),
  /** On a subaccount's templates only. */
  subaccount_id: z.number().optional(),
});

export const templateView = templateSummary.extend({
  options: templateOptions,
  content: templateContentBody,
  substitution_data: substitutionData.optional(),
});

/** The rendered parts of the content given (`from` only when it was given). */
export const contentPreview = z.object({
  from: z.object({ email: z.string(), name: z.string().optional() }).optional(),
  subject: z.string().optional(),
  html: z.string().optional(),
  text: z.string().optional(),
  amp_html: z.string().optional(),
  reply_to: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export const templatePreview = z.object({
  from: z.object({ email: z.string(), name: z.string().optional() }),
  subject: z.string(),
  html: z.string().optional(),
  text: z.string().optional(),
  amp_html: z.string().optional(),
  reply_to: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export type TemplateContentBody = z.output<typeof templateContentBody>;
export type TemplateOptions = z.output<typeof templateOptions>;
export type TemplateSummary = z.output<typeof templateSummary>;
export type TemplateView = z.output<typeof templateView>;
export type TemplateCreateBody = z.input<typeof templateCreateBody>;
export type TemplatePreview = z.output<typeof templatePreview>;
