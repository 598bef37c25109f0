/** A message's content parts before substitution. */
export interface ContentParts {
  subject: string;
  html?: string;
  text?: string;
  amp_html?: string;
  from: { email: string; name?: string };
  reply_to?: string;
  headers?: Record<string, string>;
}

/** A stored snippet's parts, by snippet id, as the renderer gets them. */
export type SnippetContents = Record<string, { html?: string; text?: string; amp_html?: string }>;
