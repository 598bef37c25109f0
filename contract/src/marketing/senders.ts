import { z } from 'zod';
import { errorCodes } from '../codes.ts';
import { emailSchema } from '../common.ts';
import { listPage, listQuery } from './list.ts';

/** How long the link of a sender's confirmation mail works. */
export const senderLinkValidDays = 7;

/**
 * A From address of the company's marketing mail (§7 /senders). It may be used once someone at the
 * address followed the mailed link (`validated`); one validated sender is the company's default.
 */
export const senderSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  replyTo: z.string().nullable(),
  isDefault: z.boolean(),
  validated: z.boolean(),
  validatedAt: z.string().nullable(),
  /** When the last confirmation link was mailed; null when that mail could not be sent (send it again). */
  linkSentAt: z.string().nullable(),
  createdAt: z.string(),
});

export const newSenderBody = z
  .object({
    email: emailSchema,
    name: z
      .string()
      .trim()
      .min(1, 'Enter the sender name')
      .max(100, 'A sender name has at most 100 characters'),
    /** Optional: absent or empty for none. */
    replyTo: z
      .union([z.literal(''), z.null(), emailSchema])
      .optional()
      .transform((value) => value || null),
  })
  .strict();

export const senderSortFields = ['email', 'name', 'createdAt'] as const;
export const senderStatuses = ['validated', 'pending'] as const;

export const senderListQuery = listQuery.extend({
  sort: z
    .enum([...senderSortFields, ...senderSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
  status: z
    .string()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(senderStatuses)))
    .optional(),
});

export const senderListAnswer = listPage(senderSchema);

export const senderIdParams = z.object({ id: z.string().max(32) });

/** The public confirmation page posts the token of the mailed link. */
export const validateSenderBody = z.object({ token: z.string().min(1, 'The token is required').max(200) });

/** What the confirmation page shows: the address confirmed, and the name it sends as. */
export const senderValidatedAnswer = z.object({ email: z.string(), name: z.string() });

/** A sending domain of the company, as the senders screen shows it. */
export const senderDomainSchema = z.object({
  domain: z.string(),
  /** DKIM verified: senders at it (or a subdomain) are possible once its SPF is verified too. */
  verified: z.boolean(),
  spfVerified: z.boolean(),
});

export const senderDomainsAnswer = z.object({ items: z.array(senderDomainSchema) });

/**
 * Whether a sender's domain may be used now and, when not, what is wrong (the error creating it would
 * get today) and addresses with the same local part at the company's usable sending domains instead.
 */
export const senderSuggestionAnswer = z.object({
  email: z.string(),
  usable: z.boolean(),
  problem: z.object({ code: z.enum(errorCodes), message: z.string() }).nullable(),
  addresses: z.array(z.string()),
});

/** What uses the sender: asked before a delete. */
export const senderUsageAnswer = z.object({
  campaigns: z.number().int(),
  automations: z.number().int(),
  forms: z.number().int(),
});

export type Sender = z.output<typeof senderSchema>;
export type NewSenderBody = z.input<typeof newSenderBody>;
export type NewSender = z.output<typeof newSenderBody>;
export type SenderListQuery = z.input<typeof senderListQuery>;
export type SenderListFilter = z.output<typeof senderListQuery>;
export type SenderListAnswer = z.output<typeof senderListAnswer>;
export type SenderValidated = z.output<typeof senderValidatedAnswer>;
export type SenderDomain = z.output<typeof senderDomainSchema>;
export type SenderDomains = z.output<typeof senderDomainsAnswer>;
export type SenderSuggestion = z.output<typeof senderSuggestionAnswer>;
export type SenderUsage = z.output<typeof senderUsageAnswer>;
