// The embed API (`/embed/v1`, CORS open, bearer embed token) that `<email-editor>` talks to from the
// console or from a vendor's page, and the token route on `/api/v1`. Success is `{results}`, failure
// SparkPost's `{errors: [{message, description, code}]}`.
import { z } from 'zod';
import { resourceId } from '../engine/templates.ts';
import { designBlock, emailDesign, pageDesign } from './design.ts';
import { blockTypes } from './design-constants.ts';

export const embedTokenTtl = { defaultSeconds: 3_600, minSeconds: 60, maxSeconds: 86_400 } as const;

/** POST /api/v1/embed-tokens: a token for one company (and subaccount), for template editing only. */
export const embedTokenCreateBody = z.object({
  /** Limit the token to this one template; absent, it edits any template of the account. */
  template_id: resourceId.optional(),
  ttl_seconds: z
    .number()
    .int()
    .min(embedTokenTtl.minSeconds)
    .max(embedTokenTtl.maxSeconds)
    .default(embedTokenTtl.defaultSeconds),
});
export const embedTokenCreated = z.object({
  /** Shown once; the server keeps only its hash. */
  token: z.string(),
  expires_at: z.string(),
  template_id: z.string().nullable(),
});
export type EmbedTokenCreated = z.infer<typeof embedTokenCreated>;

/** GET /api/v1/embed-tokens: the account's tokens that work now, of one template when `template_id` is given. */
export const embedTokenListQuery = z.object({ template_id: resourceId.optional() });
/** A listed embed token: what it allows and who made it, never the token. */
export const embedTokenInfo = z.object({
  id: z.string(),
  template_id: z.string().nullable(),
  subaccount_id: z.number().int(),
  created_at: z.string(),
  expires_at: z.string(),
  /** An API key (the token stops with it), or a console session (it stops at logout or when the member leaves). */
  created_by: z.discriminatedUnion('type', [
    z.object({ type: z.literal('api_key'), api_key_id: z.string() }),
    z.object({ type: z.literal('session') }),
  ]),
});
export type EmbedTokenInfo = z.infer<typeof embedTokenInfo>;

/** GET /embed/v1/session: what the token allows, for the element's `ready` event. */
export const embedSession = z.object({
  company_name: z.string(),
  subaccount_id: z.number().int(),
  template_id: z.string().nullable(),
  expires_at: z.string(),
  /** The block types the company's plan leaves out (§6): the palette does not offer them. */
  blocks_off: z.array(z.enum(blockTypes)),
  /** The merge tags rich text offers: the tags of the company's contact fields (built-in, then its own). */
  merge_tags: z.array(z.string()),
  /** A made-up value for each merge tag (never a contact's), which the preview shows in its place. */
  merge_samples: z.record(z.string(), z.string()),
});
export type EmbedSession = z.infer<typeof embedSession>;

/** GET /embed/v1/templates/:id/design. `design` is null for a template not designed yet (or new). */
export const storedDesign = z.object({
  template_id: z.string(),
  /** The template's name; the id when the template does not exist yet. */
  name: z.string(),
  exists: z.boolean(),
  design: emailDesign.nullable(),
  /** Bumped by every save; a save naming an older revision is refused (409) so no edit is lost. */
  revision: z.number().int(),
  has_draft: z.boolean(),
  has_published: z.boolean(),
  updated_at: z.string().nullable(),
});
export type StoredDesign = z.infer<typeof storedDesign>;

/** PUT /embed/v1/templates/:id/design: store the design and its HTML and text as the template's draft. */
export const designSaveBody = z.object({
  design: emailDesign,
  /** The revision this edit started from (0 for a new design). */
  revision: z.number().int().min(0),
  /** The template's name when the save creates it. */
  name: z.string().trim().min(1).max(1024).optional(),
  /** Also publish the saved draft. */
  publish: z.boolean().default(false),
});
export const designSaved = z.object({
  template_id: z.string(),
  revision: z.number().int(),
  has_draft: z.boolean(),
  has_published: z.boolean(),
  updated_at: z.string(),
});
export type DesignSaved = z.infer<typeof designSaved>;

/** POST /embed/v1/render: the design as mail (or a page's design as its page), for previews; nothing is stored. */
export const designRenderBody = z.object({ design: pageDesign });
/** One MJML validation finding (strict validation: a design with any is not saved). */
export const mjmlFinding = z.object({ line: z.number().int(), tag: z.string(), message: z.string() });
/** Engine-made images and links of a block (generator routes), keyed by block id. */
export const blockAssets = z.object({ image: z.string().optional(), href: z.string().optional() });
export type BlockAssets = z.infer<typeof blockAssets>;
export const designRendered = z.object({
  html: z.string(),
  text: z.string(),
  findings: z.array(mjmlFinding),
  assets: z.record(z.string(), blockAssets),
});
export type DesignRendered = z.infer<typeof designRendered>;

/** A file in the company's file store (GET/POST /embed/v1/media), served publicly at `url`. */
export const mediaFile = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});
export type MediaFile = z.infer<typeof mediaFile>;

/** `GET /embed/v1/media`: images or every file, a page at a time. */
export const mediaListQuery = z.object({
  type: z.enum(['image', 'all']).default('all'),
  cursor: z.string().max(200).optional(),
});
export const mediaListAnswer = z.object({
  results: z.array(mediaFile),
  /** Pass as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});
export type MediaListAnswer = z.infer<typeof mediaListAnswer>;

/** `POST /embed/v1/media?name=`: the body is the file, `name` its file name. */
export const mediaUploadQuery = z.object({ name: z.string().max(255).default('') });
export const mediaUploadAnswer = z.object({ results: mediaFile });

/** A block the company saved for reuse (GET/POST /embed/v1/saved-blocks, DELETE …/:id). */
export const savedBlockBody = z.object({ name: z.string().trim().min(1).max(100), block: designBlock });
export const savedBlock = savedBlockBody.extend({ id: z.string(), created_at: z.string() });
export type SavedBlock = z.infer<typeof savedBlock>;

/** `/embed/v1/designs/{id}`: the engine template the design belongs to. */
export const designIdParams = z.object({ id: resourceId });
