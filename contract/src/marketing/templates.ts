import { z } from 'zod';
import { emailDesign, pageDesign } from '../editor/design.ts';
import { numericId } from '../engine/common.ts';
import { sanitizeTemplateLabel } from '../rules/text.ts';
import { formBody } from './forms.ts';
import { listPage, listQuery } from './list.ts';
import { pageCategories, pageSetting } from './pages.ts';
import {
  type TemplateCategory,
  type TemplateType,
  templateCategoryValues,
  templateTypes,
} from './template-words.ts';

/** §5: a label keeps only letters, digits, spaces and hyphens (the rest is dropped before it is saved). */
export const templateLabel = z
  .string()
  .max(200)
  .transform((value) => sanitizeTemplateLabel(value).replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'A label needs a letter or a digit').max(40, 'A label has at most 40 characters'));
export const templateLabels = z
  .array(templateLabel)
  .max(10, 'A template has at most 10 labels')
  .transform((labels) => [...new Map(labels.map((label) => [label.toLowerCase(), label])).values()]);

/** A form as a template keeps its questions and wording, never what belongs to one company (labels, sender, pages, webhook). */
export const templateForm = formBody;

export const emailTemplateContent = z
  .object({
    type: z.literal('email'),
    subject: z.string().trim().max(250, 'A subject has at most 250 characters'),
    preheader: z.string().trim().max(250, 'A preheader has at most 250 characters'),
    design: emailDesign,
  })
  .strict();
export const pageTemplateContent = z
  .object({
    type: z.literal('page'),
    category: z.enum(pageCategories),
    setting: pageSetting,
    design: pageDesign,
    /** "Page with form" (§4 save as template): the forms its Form blocks show, by their id in `design`. */
    forms: z
      .array(z.object({ formId: numericId, form: templateForm }).strict())
      .max(20, 'A page template holds at most 20 forms'),
  })
  .strict();
export const formTemplateContent = z.object({ type: z.literal('form'), form: templateForm }).strict();

/** What a template makes: a campaign's subject and design, a page with its forms, or a form. */
export const templateContent = z.discriminatedUnion('type', [
  emailTemplateContent,
  pageTemplateContent,
  formTemplateContent,
]);
export type TemplateContent = z.output<typeof templateContent>;
export type PageTemplateContent = z.output<typeof pageTemplateContent>;

/** A thumbnail: an image address (a File Manager file's). */
const thumbnail = z
  .string()
  .trim()
  .max(2000)
  .regex(/^https?:\/\/[^\s]+$/, 'A thumbnail is an http or https image address')
  .nullable();

const templateName = z
  .string()
  .trim()
  .min(1, 'Enter the template name')
  .max(100, 'A template name has at most 100 characters');

/** Where a new template's content comes from: empty, or one of the company's campaigns, pages or forms, or a featured template. */
export const templateSource = z.discriminatedUnion('from', [
  z.object({ from: z.literal('blank') }).strict(),
  z.object({ from: z.literal('campaign'), id: numericId }).strict(),
  /** §4 save as template: the page only, or the page with its forms. */
  z.object({ from: z.literal('page'), id: numericId, withForms: z.boolean().default(false) }).strict(),
  z.object({ from: z.literal('form'), id: numericId }).strict(),
  z.object({ from: z.literal('template'), id: z.string().max(64) }).strict(),
]);
export type TemplateSource = z.input<typeof templateSource>;

/** `POST /v1/template`. */
export const templateCreateBody = z
  .object({
    type: z.enum(templateTypes),
    name: templateName,
    category: z.enum(templateCategoryValues).default('other'),
    labels: templateLabels.default([]),
    thumbnail: thumbnail.default(null),
    source: templateSource.default({ from: 'blank' }),
  })
  .strict();
export type TemplateCreateBody = z.input<typeof templateCreateBody>;

/** `PUT /v1/template/{id}`: any of its fields; `content` of the template's own type. */
export const templateUpdateBody = z
  .object({
    name: templateName.optional(),
    category: z.enum(templateCategoryValues).optional(),
    labels: templateLabels.optional(),
    thumbnail: thumbnail.optional(),
    content: templateContent.optional(),
  })
  .strict();
export type TemplateUpdateBody = z.input<typeof templateUpdateBody>;

/** A featured template's id: `featured-` and its name; a company's own are numbers. */
export const templateId = z
  .string()
  .regex(/^(?:[0-9]{1,18}|featured-[a-z0-9-]{1,40})$/, 'A template id is a number or a featured name');
export const templateIdParams = z.object({ id: templateId });

export const template = z.object({
  templateId: z.string(),
  type: z.enum(templateTypes),
  name: z.string(),
  category: z.enum(templateCategoryValues),
  labels: z.array(z.string()),
  thumbnail: z.string().nullable(),
  /** One of the product's own templates, offered to every company (read only). */
  featured: z.boolean(),
  /** A page template that brings its forms (§7 isContainForm). */
  containsForm: z.boolean(),
  content: templateContent,
  createdAt: z.string(),
  lastUpdate: z.string(),
});
export type Template = z.infer<typeof template>;

export const templateSortFields = ['name', 'createdAt', 'lastUpdate'] as const;

/** `GET /v1/template` (§7: type, search, page, size, sort, templateLabels, isContainForm, category); `featured=true` lists the product's own. */
export const templateListQuery = listQuery.extend({
  type: z.enum(templateTypes).optional(),
  sort: z
    .enum([...templateSortFields, ...templateSortFields.map((field) => `-${field}` as const)])
    .default('-createdAt'),
  category: z.enum(templateCategoryValues).optional(),
  templateLabels: z
    .string()
    .max(500)
    .transform((value) => value.split(',').filter(Boolean))
    .optional(),
  isContainForm: z.enum(['true', 'false']).optional(),
  featured: z.enum(['true', 'false']).optional(),
});
export type TemplateListQuery = z.output<typeof templateListQuery>;
export const templateList = listPage(template);

/** `GET /v1/template/category?type=`: each category with how many of the company's templates are in it. */
export const templateCategoryCounts = z.array(
  z.object({ category: z.enum(templateCategoryValues), label: z.string(), count: z.number().int() }),
);

/** `POST /v1/template/{id}/use`: a new campaign, page or form from the template. */
export const templateUseBody = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(100, 'A name has at most 100 characters').optional(),
  })
  .strict();
export const templateUse = z.object({ type: z.enum(templateTypes), id: z.string() });
export type TemplateUse = z.infer<typeof templateUse>;

/** `POST /v1/template/{id}/apply`: §7 change template of a page. */
export const templateApplyBody = z.object({ pageId: numericId }).strict();

/** `POST /v1/template/{id}/share-by-email`. */
export const templateShareBody = z
  .object({ email: z.email('Enter a valid email address').max(254) })
  .strict();
/** `POST /v1/template/shared/accept`: the token the share's mail carries. */
export const templateAcceptBody = z
  .object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This share link is not valid') })
  .strict();

/** `GET /v1/template/{id}/preview`: the template as HTML (email and page templates), for its thumbnail. */
export const templatePreview = z.object({ html: z.string() });

/** §7 template labels. */
export const templateLabelEntry = z.object({
  labelId: z.string(),
  name: z.string(),
  templates: z.number().int(),
});
export type TemplateLabelEntry = z.infer<typeof templateLabelEntry>;
export const templateLabelBody = z.object({ name: templateLabel }).strict();
export const templateLabelParams = z.object({ labelId: numericId });

export type { TemplateCategory, TemplateType };
