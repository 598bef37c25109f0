import { formIdsOf } from '@app/contract/editor/all-blocks';
import type { EmailDesign } from '@app/contract/editor/design';
import type { FormBody } from '@app/contract/marketing/forms';
import { type ListPage, sortOf } from '@app/contract/marketing/list';
import type { PageCategory, PageSetting } from '@app/contract/marketing/pages';
import { templateCategories, templateLimitNames } from '@app/contract/marketing/template-words';
import {
  type PageTemplateContent,
  type Template,
  type TemplateContent,
  type TemplateCreateBody,
  type TemplateListQuery,
  type TemplateType,
  type TemplateUpdateBody,
  type TemplateUse,
  templateCreateBody,
  templateUpdateBody,
} from '@app/contract/marketing/templates';
import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';
import { randomToken, sha256Hex } from '../../crypto.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { templateSharedMail } from '../../mail/templates.ts';
import type { CompanyDoor } from '../company-door.ts';
import { isId } from '../contacts/entity-id.ts';
import { type FeaturedTemplate, featuredTemplate, featuredTemplates } from './featured-templates.ts';
import {
  defaultDesignOf,
  formPreview,
  portableContent,
  portableForm,
  withFormIds,
} from './template-content.ts';
import { createTemplateLabels } from './template-labels.ts';
import { type TemplateFields, type TemplateRow, templateStore } from './template-store.ts';

/** A page as a template takes it. */
export interface TemplatePage {
  name: string;
  category: PageCategory;
  setting: PageSetting;
  design: EmailDesign;
  formIds: readonly string[];
}

/** What templates read of the company's campaigns, pages and forms (each area's service), and make of them. */
export interface TemplateAreas {
  campaign(
    companyId: string,
    id: string,
  ): Promise<{ subject: string; preheader: string; design: EmailDesign }>;
  page(companyId: string, id: string): Promise<TemplatePage>;
  form(companyId: string, id: string): Promise<FormBody>;
  newCampaign(
    companyId: string,
    campaign: { name: string; subject: string; preheader: string; design: EmailDesign },
  ): Promise<string>;
  newPage(
    companyId: string,
    page: {
      name: string;
      category: PageCategory;
      setting: PageSetting;
      design: EmailDesign;
      templateId: string | null;
    },
  ): Promise<string>;
  newForm(companyId: string, form: FormBody): Promise<string>;
  /** Removes a form made by `newForm` (its page could not be made after all). */
  removeForm(companyId: string, id: string): Promise<void>;
  /** Gives the page `pageId` the design (the page must be the company's). */
  setPageDesign(
    companyId: string,
    pageId: string,
    page: { design: EmailDesign; templateId: string | null },
  ): Promise<void>;
  /** Which of `ids` are forms of the company. */
  ownFormIds(companyId: string, ids: readonly string[]): Promise<string[]>;
}

export interface TemplateServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  renderDesign: RenderDesign;
  areas: TemplateAreas;
  mailer: Mailer;
  publicUrl: string;
}

export type TemplateService = ReturnType<typeof createTemplateService>;

export const templateNotFound = () =>
  new DomainError('entityNotFound', 'Template not found', { field: 'template' });
const featuredReadOnly = () =>
  new DomainError('state', 'A featured template cannot be changed: save a copy of it first', {
    field: 'template',
  });
const shareLinkDays = 14;
/** Rendered previews kept per process (some 20 KB each: a few MB at most). */
const maxPreviews = 300;

/** A template, the company's own or a featured one, as the API answers it. */
const answerOf = (row: TemplateRow): Template => ({
  templateId: row.id,
  type: row.type,
  name: row.name,
  category: row.category,
  labels: row.labels,
  thumbnail: row.thumbnail,
  featured: false,
  containsForm: row.contains_form,
  content: row.content,
  createdAt: row.created_at.toISOString(),
  lastUpdate: row.updated_at.toISOString(),
});
const featuredAnswer = (featured: FeaturedTemplate): Template => ({
  templateId: featured.id,
  type: featured.content.type,
  name: featured.name,
  category: featured.category,
  labels: [],
  thumbnail: null,
  featured: true,
  containsForm: false,
  content: featured.content,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastUpdate: '2026-01-01T00:00:00.000Z',
});

/**
 * The template manager (§1 templates for email, page and form; §7 /template): the company's own
 * templates within the plan's limits, the product's featured ones, labels, categories, sharing by
 * email, and "use this template", which starts a campaign, page or form through each area's service.
 */
export function createTemplateService(deps: TemplateServiceDeps) {
  const { db, clock, company, areas } = deps;
  const previews = new Map<string, string>();

  const ownRow = async (companyId: string, id: string) => {
    const row = isId(id) ? await templateStore.get(db, companyId, id) : undefined;
    if (!row) throw templateNotFound();
    return row;
  };

  /** A featured template or the company's own, read only. */
  const anyTemplate = async (companyId: string, id: string): Promise<Template> => {
    const featured = featuredTemplate(id);
    if (featured) return featuredAnswer(featured);
    if (id.startsWith('featured-')) throw templateNotFound();
    return answerOf(await ownRow(companyId, id));
  };

  /** The content a new template starts from. */
  const contentFrom = async (
    companyId: string,
    type: TemplateType,
    source: ReturnType<typeof templateCreateBody.parse>['source'],
  ): Promise<TemplateContent> => {
    const mismatch = (what: string) =>
      new DomainError('validation', `${what} makes a ${what === 'A campaign' ? 'email' : type} template`, {
        field: 'source',
      });
    switch (source.from) {
      case 'blank':
        return blankContent(type);
      case 'campaign': {
        if (type !== 'email') throw mismatch('A campaign');
        const campaign = await areas.campaign(companyId, source.id);
        return { type, ...campaign };
      }
      case 'page': {
        if (type !== 'page') throw mismatch('A page');
        const page = await areas.page(companyId, source.id);
        const forms = source.withForms
          ? await Promise.all(
              page.formIds.map(async (formId) => ({
                formId,
                form: portableForm(await areas.form(companyId, formId)),
              })),
            )
          : [];
        return { type, category: page.category, setting: page.setting, design: page.design, forms };
      }
      case 'form': {
        if (type !== 'form') throw mismatch('A form');
        return { type, form: portableForm(await areas.form(companyId, source.id)) };
      }
      case 'template': {
        const from = await anyTemplate(companyId, source.id);
        if (from.type !== type) throw mismatch(`A ${from.type} template`);
        return from.content;
      }
    }
  };

  /** A page template's design for a page of the company: the forms it brings are copied; a form it shows without bringing stays when it is the company's own. */
  /**
   * Gives `place` the template's design with its Form blocks on the company's forms: copies of the
   * forms it brings, made first, and removed again when `place` fails (no form is left without its page).
   */
  const withPageDesign = async <T>(
    companyId: string,
    content: PageTemplateContent,
    place: (design: EmailDesign) => Promise<T>,
  ): Promise<T> => {
    const formIds = new Map<string, string>();
    const copies: string[] = [];
    try {
      for (const { formId, form } of content.forms) {
        const copy = await areas.newForm(companyId, form);
        copies.push(copy);
        formIds.set(formId, copy);
      }
      const others = formIdsOf(content.design).filter((formId) => !formIds.has(formId));
      for (const own of await areas.ownFormIds(companyId, others)) formIds.set(own, own);
      return await place(withFormIds(content.design, formIds));
    } catch (error) {
      await Promise.all(copies.map((id) => areas.removeForm(companyId, id)));
      throw error;
    }
  };

  /** Inserts a template within the plan's limit for its kind (§9: 5 each on the sample plan). */
  const insertWithinPlan = (companyId: string, fields: TemplateFields) =>
    db.transaction(async (tx) => {
      await company.lock(tx, companyId);
      await ensureWithinPlan(tx, companyId, {
        group: 'templates',
        subFeature: templateLimitNames[fields.content.type],
        used: await templateStore.count(tx, companyId, fields.content.type),
      });
      await templateStore.ensureLabels(tx, companyId, fields.labels, clock.now());
      return templateStore.insert(tx, companyId, fields, clock.now());
    });

  return {
    async list(companyId: string, query: TemplateListQuery): Promise<ListPage<Template>> {
      if (query.featured === 'true') {
        const search = query.search?.toLowerCase();
        const matching = featuredTemplates
          .filter(
            (featured) =>
              (!query.type || featured.content.type === query.type) &&
              (!query.category || featured.category === query.category) &&
              (!search || featured.name.toLowerCase().includes(search)),
          )
          .map(featuredAnswer);
        const start = (query.page - 1) * query.size;
        return {
          items: matching.slice(start, start + query.size),
          total: matching.length,
          page: query.page,
          size: query.size,
        };
      }
      const { rows, total } = await templateStore.page(
        db,
        companyId,
        {
          page: query.page,
          size: query.size,
          type: query.type,
          search: query.search,
          category: query.category,
          labels: query.templateLabels,
          containsForm: query.isContainForm === undefined ? undefined : query.isContainForm === 'true',
        },
        sortOf(query.sort),
      );
      return { items: rows.map(answerOf), total, page: query.page, size: query.size };
    },

    get: anyTemplate,

    async create(companyId: string, input: TemplateCreateBody): Promise<Template> {
      const body = templateCreateBody.parse(input);
      const content = portableContent(await contentFrom(companyId, body.type, body.source));
      const row = await insertWithinPlan(companyId, {
        name: body.name,
        category: body.category,
        labels: body.labels,
        thumbnail: body.thumbnail,
        content,
      });
      return answerOf(row);
    },

    async update(companyId: string, id: string, input: TemplateUpdateBody): Promise<Template> {
      if (featuredTemplate(id)) throw featuredReadOnly();
      const patch = templateUpdateBody.parse(input);
      const existing = await ownRow(companyId, id);
      if (patch.content && patch.content.type !== existing.type) {
        throw new DomainError(
          'validation',
          `This is ${existing.type === 'email' ? 'an' : 'a'} ${existing.type} template`,
          {
            field: 'content.type',
          },
        );
      }
      const fields: TemplateFields = {
        name: patch.name ?? existing.name,
        category: patch.category ?? existing.category,
        labels: patch.labels ?? existing.labels,
        thumbnail: patch.thumbnail === undefined ? existing.thumbnail : patch.thumbnail,
        content: patch.content ? portableContent(patch.content) : existing.content,
      };
      const row = await db.transaction(async (tx) => {
        await templateStore.ensureLabels(tx, companyId, fields.labels, clock.now());
        return templateStore.update(tx, companyId, existing.id, fields, clock.now());
      });
      if (!row) throw templateNotFound();
      return answerOf(row);
    },

    async remove(companyId: string, id: string): Promise<void> {
      if (featuredTemplate(id)) throw featuredReadOnly();
      if (!isId(id) || !(await templateStore.remove(db, companyId, id))) throw templateNotFound();
    },

    /** "Use this template": a new campaign draft, page (with copies of its forms) or form; answers where it is. */
    /** `ensureMay` refuses, by throwing, a caller who may not make what the template makes (its type). */
    async use(
      companyId: string,
      id: string,
      name: string | undefined,
      ensureMay: (type: TemplateUse['type']) => void = () => undefined,
    ): Promise<TemplateUse> {
      const template = await anyTemplate(companyId, id);
      const content = template.content;
      ensureMay(content.type);
      const named = name ?? template.name;
      switch (content.type) {
        case 'email':
          return {
            type: 'email',
            id: await areas.newCampaign(companyId, {
              name: named,
              subject: content.subject,
              preheader: content.preheader,
              design: content.design,
            }),
          };
        case 'form':
          return { type: 'form', id: await areas.newForm(companyId, { ...content.form, name: named }) };
        case 'page':
          return {
            type: 'page',
            id: await withPageDesign(companyId, content, (design) =>
              areas.newPage(companyId, {
                name: named,
                category: content.category,
                setting: content.setting,
                design,
                templateId: template.featured ? null : template.templateId,
              }),
            ),
          };
      }
    },

    /** §7 change template: a page of the company gets a page template's content (and copies of its forms). */
    async applyToPage(companyId: string, id: string, pageId: string): Promise<void> {
      const template = await anyTemplate(companyId, id);
      if (template.content.type !== 'page')
        throw new DomainError('validation', 'Only a page template can change a page', { field: 'template' });
      await areas.page(companyId, pageId);
      await withPageDesign(companyId, template.content, (design) =>
        areas.setPageDesign(companyId, pageId, {
          design,
          templateId: template.featured ? null : template.templateId,
        }),
      );
    },

    /** The template as HTML for its thumbnail: rendered like the mail or page it makes; a form's questions. */
    async preview(companyId: string, id: string): Promise<string> {
      const { content, templateId, lastUpdate } = await anyTemplate(companyId, id);
      if (content.type === 'form') return formPreview(content.form);
      // A list shows a dozen cards each time it opens: a template's render is kept until it changes.
      const key = `${companyId}\u0000${templateId}\u0000${lastUpdate}`;
      const kept = previews.get(key);
      if (kept !== undefined) return kept;
      const { html } = await deps.renderDesign(companyId, content.design);
      if (previews.size >= maxPreviews) previews.clear();
      previews.set(key, html);
      return html;
    },

    async categories(companyId: string, type: TemplateType | undefined) {
      const counts = new Map(
        (await templateStore.categoryCounts(db, companyId, type)).map((row) => [row.category, row.n]),
      );
      return templateCategories.map(({ value, label }) => ({
        category: value,
        label,
        count: counts.get(value) ?? 0,
      }));
    },

    /** §7 share by email: mails a link that gives a copy to whoever signs in from it (once, for 14 days). */
    async share(companyId: string, id: string, email: string): Promise<void> {
      if (featuredTemplate(id))
        throw new DomainError(
          'state',
          'Every company has the featured templates already: share one of your own',
          {
            field: 'template',
          },
        );
      const row = await ownRow(companyId, id);
      const token = randomToken(24);
      const now = clock.now();
      await templateStore.insertShare(db, {
        templateId: row.id,
        companyId,
        email,
        tokenHash: sha256Hex(token),
        now,
        expiresAt: new Date(now.getTime() + shareLinkDays * 86_400_000),
      });
      await deps.mailer.send({
        to: email,
        ...templateSharedMail(
          await company.name(companyId),
          row.name,
          `${deps.publicUrl}/template-manager?${new URLSearchParams({ shared: token })}`,
          shareLinkDays,
        ),
      });
    },

    /** Takes a shared template's copy into the caller's company (within its plan). */
    async acceptShare(companyId: string, token: string): Promise<Template> {
      const row = await db.transaction(async (tx) => {
        const shared = await templateStore.takeShare(tx, sha256Hex(token), clock.now());
        if (!shared)
          throw new DomainError('entityNotFound', 'This share link was used already or has expired', {
            field: 'token',
          });
        await company.lock(tx, companyId);
        await ensureWithinPlan(tx, companyId, {
          group: 'templates',
          subFeature: templateLimitNames[shared.type],
          used: await templateStore.count(tx, companyId, shared.type),
        });
        await templateStore.ensureLabels(tx, companyId, shared.labels, clock.now());
        return templateStore.insert(
          tx,
          companyId,
          {
            name: shared.name,
            category: shared.category,
            labels: shared.labels,
            thumbnail: shared.thumbnail,
            content: shared.content,
          },
          clock.now(),
        );
      });
      return answerOf(row);
    },

    // §7 template labels.
    ...createTemplateLabels({ db, clock }),
  };
}

/** An empty template of `type`. */
function blankContent(type: TemplateType): TemplateContent {
  const design = defaultDesignOf(type);
  switch (type) {
    case 'email':
      return { type, subject: '', preheader: '', design };
    case 'page':
      return {
        type,
        category: 'LANDING',
        setting: { title: '', description: '', noIndex: false },
        design,
        forms: [],
      };
    case 'form':
      return { type, form: portableForm({ name: 'Form', components: [] }) };
  }
}
