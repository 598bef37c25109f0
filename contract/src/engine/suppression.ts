import { z } from 'zod';
import { emailAddress } from './email-address.ts';
import { booleanQuery } from './query.ts';
import { suppressionBulkMax, suppressionSources, suppressionTypes } from './suppression-choices.ts';

export {
  type SuppressionSource,
  type SuppressionType,
  suppressionBulkMax,
  suppressionSources,
  suppressionTypes,
} from './suppression-choices.ts';

// Messages for an absent value keep "received undefined": the engine reports those as missing fields.
const suppressionType = z.enum(suppressionTypes, {
  error: (issue) =>
    issue.input === undefined
      ? 'type is required, received undefined'
      : "type must be 'transactional' or 'non_transactional'",
});
const suppressionAddress = z
  .string({
    error: (issue) =>
      issue.input === undefined
        ? 'recipient is required, received undefined'
        : 'recipient must be an email address',
  })
  .trim()
  .toLowerCase()
  .max(254, 'recipient is at most 254 characters')
  .pipe(emailAddress('recipient must be an email address'));
const description = z.string().max(1024, 'description is at most 1024 characters');
const listId = z.string().max(64, 'list_id is at most 64 characters');

export const suppressionPutBody = z.object({
  type: suppressionType,
  description: description.optional(),
  list_id: listId.optional(),
});

export const suppressionBulkEntry = suppressionPutBody.extend({ recipient: suppressionAddress });
export type SuppressionBulkEntry = z.input<typeof suppressionBulkEntry>;

export const suppressionBulkBody = z.object({
  recipients: z
    .array(suppressionBulkEntry)
    .min(1, 'recipients must hold at least one entry')
    .max(suppressionBulkMax, `recipients holds at most ${suppressionBulkMax} entries per request`),
});

/** DELETE's body is optional: absent, it arrives as null. */
export const suppressionDeleteBody = z.object({ type: suppressionType.optional() }).nullish();

/** A `list_id` query parameter: empty means the account-wide entries only; otherwise an RFC 2919 list id. */
const listIdQuery = z
  .string()
  .regex(/^$|^[A-Za-z0-9_-]{1,255}(\.[A-Za-z0-9_-]+)*$/, 'list_id must be an RFC 2919 list identifier')
  .max(255);

/** `type` of DELETE may also come in the query string; `list_id` limits it to one list's entry. */
export const suppressionDeleteQuery = z.object({
  type: suppressionType.optional(),
  list_id: listIdQuery.optional(),
});

export const suppressionView = z.object({
  recipient: z.string(),
  type: z.enum(suppressionTypes),
  source: z.enum(suppressionSources),
  description: z.string(),
  list_id: z.string().optional(),
  created: z.string(),
  updated: z.string(),
  subaccount_id: z.number(),
  /** Deprecated by SparkPost in favour of `type`, still served. */
  transactional: z.boolean(),
  non_transactional: z.boolean(),
});
export type SuppressionView = z.infer<typeof suppressionView>;

/** Search filters; lists are comma separated, dates ISO 8601 on `updated`. */
export const suppressionSearchQuery = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
  types: z.string().optional(),
  sources: z.string().optional(),
  description: z.string().max(1024).optional(),
  /** True: the description equals `description` (else it contains it, any case). */
  description_strict: booleanQuery.optional(),
  domain: z.string().max(253).optional(),
  sort: z.enum(['asc', 'desc'], "sort must be 'asc' or 'desc'").optional(),
  list_id: listIdQuery.optional(),
  cursor: z.string().max(2048).optional(),
  per_page: z.string().optional(),
  /** A page number with per_page (the first 10,000 results); ignored when cursor is given. */
  page: z.string().optional(),
});

/** One address's entries: its types, paged as the search is. */
export const suppressionRecipientQuery = suppressionSearchQuery.pick({
  types: true,
  cursor: true,
  per_page: true,
  page: true,
});

/** `{results, total_count, links: {next?}}`: a page of a cursor-paged list. */
export const pagedResults = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    total_count: z.number(),
    links: z.object({ next: z.string().optional() }),
  });

/** Entries per source (SparkPost's snake_case keys), per type, and in all. */
export const suppressionSummary = z.object({
  spam_complaint: z.number(),
  list_unsubscribe: z.number(),
  bounce_rule: z.number(),
  unsubscribe_link: z.number(),
  manually_added: z.number(),
  compliance: z.number(),
  transactional: z.number(),
  non_transactional: z.number(),
  total: z.number(),
});
export type SuppressionSummary = z.infer<typeof suppressionSummary>;

/** `/api/v1/suppression-list/{recipient}`. */
export const suppressionRecipientParams = z.object({ recipient: z.string().max(320) });
/** `PUT /api/v1/suppression-list/{recipient}`: the address as an entry names it. */
export const suppressionEntryParams = z.object({ recipient: suppressionBulkEntry.shape.recipient });
