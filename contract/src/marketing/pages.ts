import { z } from 'zod';
import { designBlock, pageDesign } from '../editor/design.ts';
import { sectionCategories } from '../editor/page-sections.ts';
import { pageTypes } from '../rules/constants.ts';
import { listPage, listQuery } from './list.ts';

/** §2 page categories: LANDING (Landing Page), THANK_YOU (Thank You Page). */
export const pageCategories = pageTypes.map((type) => type.value) as ['LANDING', 'THANK_YOU'];
export type PageCategory = (typeof pageCategories)[number];

/**
 * A page's address on its site: lower-case letters, digits and hyphens, 1 to 100 characters, never
 * starting or ending with a hyphen (`spring-sale` → `/{slug}/spring-sale`, or `/spring-sale` on a
 * custom domain).
 */
export const permalink = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/,
    'A permalink has lower-case letters, digits and hyphens (not first or last), at most 100',
  );

/** What the page says about itself to browsers, search engines and link previews. */
export const pageSetting = z
  .object({
    /** The browser tab's title and the link preview's; the page's name when empty. */
    title: z.string().trim().max(120, 'A title has at most 120 characters').default(''),
    description: z.string().trim().max(300, 'A description has at most 300 characters').default(''),
    /** Search engines are asked not to list the page (a thank-you page usually). */
    noIndex: z.boolean().default(false),
  })
  .strict();
export type PageSetting = z.infer<typeof pageSetting>;

/** `POST /v1/pages` (§7: name, category, permalink; a template comes with the template manager). */
export const pageCreateBody = z
  .object({
    name: z.string().trim().min(1, 'Enter the page name').max(100, 'A page name has at most 100 characters'),
    category: z.enum(pageCategories).default('LANDING'),
    permalink,
  })
  .strict();

/** `PUT /v1/pages/{id}`: any of the page's own fields; the design is the builder's rows and blocks. */
export const pageUpdateBody = z
  .object({
    name: pageCreateBody.shape.name.optional(),
    category: z.enum(pageCategories).optional(),
    permalink: permalink.optional(),
    setting: pageSetting.optional(),
    design: pageDesign.optional(),
  })
  .strict();

export const page = z.object({
  pageId: z.string(),
  name: z.string(),
  category: z.enum(pageCategories),
  permalink: z.string(),
  published: z.boolean(),
  /** §4 "changed": edited since it was published (the site still shows what was published). */
  stateDraft: z.boolean(),
  /** The page a site's own address (`/`) shows. */
  default: z.boolean(),
  /** The page a site shows for an address it has no page for. */
  default404: z.boolean(),
  /** Shared: the draft can be seen by anyone with `shareUrl`, published or not. */
  shared: z.boolean(),
  shareUrl: z.string().nullable(),
  /** Where the published page is: on the sites origin, and on the company's default domain when it has one. */
  url: z.string(),
  domainUrl: z.string().nullable(),
  setting: pageSetting,
  design: pageDesign,
  /** The forms the page's Form blocks show. */
  formIds: z.array(z.string()),
  templateId: z.string().nullable(),
  thumbnail: z.string().nullable(),
  createdAt: z.string(),
  lastUpdate: z.string(),
  publishedAt: z.string().nullable(),
});

export const pageSortFields = ['name', 'createdAt', 'lastUpdate'] as const;

/** `GET /v1/pages` (§7: search, size, page, sort, status joined by comma, category; §9 page 1, size 10, -createdAt). */
export const pageListQuery = listQuery.extend({
  sort: z
    .enum([...pageSortFields, ...pageSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
  category: z.enum(pageCategories).optional(),
});
export const pageList = listPage(page);

export const pagePublishBody = z.object({ publish: z.boolean() }).strict();
export const pageShareBody = z.object({ share: z.boolean() }).strict();
/** `DELETE /v1/pages?ids=1,2` (§7 delete (ids)): at most 100 at once. */
export const pageDeleteQuery = z.object({
  ids: z
    .string()
    .max(2000)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(/^[0-9]{1,18}$/, 'Page ids are numbers'))
        .min(1, 'Name a page')
        .max(100),
    ),
});

/** `GET /v1/pages/permalink/check?permalink=&pageId=`: free for this page (its own counts as free, §5). */
export const permalinkCheckQuery = z.object({
  permalink: z.string().max(200),
  pageId: z
    .string()
    .regex(/^[0-9]{1,18}$/)
    .optional(),
});
export const permalinkCheck = z.object({ valid: z.boolean(), message: z.string().nullable() });

/**
 * §7 section templates: the ready-made rows (§3 sectionType `default`) every page editor offers. A
 * company's own (`custom`) are the editor's saved blocks (`/embed/v1/saved-blocks`).
 */
export const sectionTemplateQuery = z.object({ category: z.enum(sectionCategories).optional() });
export const sectionTemplate = z.object({
  key: z.string(),
  name: z.string(),
  category: z.enum(sectionCategories),
  sectionType: z.literal('default'),
  block: designBlock,
});
export const sectionTemplateList = z.object({
  categories: z.array(z.enum(sectionCategories)),
  items: z.array(sectionTemplate),
});

/** §7 page reports (visit, visitor, location), one day at a time in the team's days. */
export const pageReportQuery = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day like 2026-11-30'),
  end: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day like 2026-11-30'),
});
export const pageReport = z.object({
  visits: z.number().int(),
  visitors: z.number().int(),
  days: z.array(z.object({ day: z.string(), visits: z.number().int(), visitors: z.number().int() })),
  /** ISO 3166 country codes ('' when the address has none: a private network). */
  locations: z.array(z.object({ country: z.string(), visits: z.number().int() })),
});

export type Page = z.infer<typeof page>;
export type PageCreateBody = z.input<typeof pageCreateBody>;
export type PageUpdateBody = z.input<typeof pageUpdateBody>;
export type PageListQuery = z.output<typeof pageListQuery>;
export type PageReport = z.infer<typeof pageReport>;
export type PermalinkCheck = z.infer<typeof permalinkCheck>;
