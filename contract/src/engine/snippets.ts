import { z } from 'zod';
import { booleanQuery } from './query.ts';
import { byteLimitedText } from './storable.ts';
import { resourceId } from './templates.ts';

/** Each part of a snippet: SparkPost's 100 KB, counted in UTF-8 bytes. */
export const maxSnippetPartBytes = 100 * 1024;

const part = byteLimitedText(maxSnippetPartBytes);
const name = byteLimitedText(1024);

/**
 * A snippet's parts, each used when the snippet is rendered into the same part of a message. On
 * create an empty part is the same as a missing one; on update it removes the part.
 */
export const snippetContent = z.object({
  html: part.optional(),
  text: part.optional(),
  amp_html: part.optional(),
});

export const snippetCreateBody = z.object({
  id: resourceId,
  /** Defaults to the id. */
  name: name.optional(),
  content: snippetContent,
  shared_with_subaccounts: z.boolean().default(false),
});

/** Only what is given changes; content parts left out keep their value. */
export const snippetUpdateBody = z.object({
  name: name.optional(),
  content: snippetContent.optional(),
  shared_with_subaccounts: z.boolean().optional(),
});

export const snippetListQuery = z.object({ shared_with_subaccounts: booleanQuery.optional() });

export const snippetSummary = z.object({
  id: z.string(),
  name: z.string(),
  shared_with_subaccounts: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** On a subaccount's snippets only. */
  subaccount_id: z.number().optional(),
});

export const snippetView = snippetSummary.extend({ content: snippetContent });

export type SnippetContent = z.output<typeof snippetContent>;
export type SnippetSummary = z.output<typeof snippetSummary>;
export type SnippetView = z.output<typeof snippetView>;
