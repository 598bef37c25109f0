import { z } from 'zod';
import { booleanQuery, countQuery } from './query.ts';
import { byteLimitedText } from './storable.ts';
import { resourceId } from './templates.ts';
import { rcptToError } from './transmissions.ts';

export const maxListRecipients = 100_000;

const name = byteLimitedText(64).pipe(z.string().trim().min(1));
const description = byteLimitedText(1024);
const attributes = z.record(z.string(), z.unknown());
/** Each recipient is checked on its own (sparkpostRecipient): an invalid one is rejected and reported, not the list. */
const recipients = z
  .array(z.unknown())
  .max(maxListRecipients, `a list holds at most ${maxListRecipients} recipients`);

export const recipientListCreateBody = z.object({
  id: resourceId.optional(),
  name: name.optional(),
  description: description.optional(),
  attributes: attributes.optional(),
  recipients,
});

export const recipientListUpdateBody = z.object({
  id: z.string().optional(),
  name: name.optional(),
  description: description.optional(),
  attributes: attributes.optional(),
  recipients: recipients.optional(),
});

export const recipientListSaveQuery = z.object({ num_rcpt_errors: countQuery.optional() });
export const recipientListGetQuery = z.object({ show_recipients: booleanQuery.optional() });

/** A stored recipient, as served: the address is always an object. */
export const storedRecipient = z.object({
  address: z.object({ email: z.string(), name: z.string().optional(), header_to: z.string().optional() }),
  return_path: z.string().optional(),
  tags: z.array(z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  substitution_data: z.record(z.string(), z.unknown()).optional(),
});

export const recipientListSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  attributes,
  total_accepted_recipients: z.number(),
});

export const recipientListView = recipientListSummary.extend({
  recipients: z.array(storedRecipient).optional(),
});

export const recipientListSaved = z.object({
  id: z.string(),
  name: z.string(),
  total_accepted_recipients: z.number().optional(),
  total_rejected_recipients: z.number().optional(),
  rcpt_to_errors: z.array(rcptToError).optional(),
});

export type RecipientListSummary = z.output<typeof recipientListSummary>;
export type RecipientListView = z.output<typeof recipientListView>;
