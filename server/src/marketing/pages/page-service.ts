import { randomBytes } from 'node:crypto';
import { formIdsOf } from '@app/contract/editor/all-blocks';
import { defaultPageDesign } from '@app/contract/editor/default-design';
import type { EmailDesign } from '@app/contract/editor/design';
import { type ListPage, sortOf } from '@app/contract/marketing/list';
import {
  type Page,
  type PageCreateBody,
  type PageListQuery,
  type PageReport,
  type PageUpdateBody,
  type PermalinkCheck,
  pageCreateBody,
  pageSetting,
  type pageSortFields,
  pageUpdateBody,
  permalink as permalinkSchema,
} from '@app/contract/marketing/pages';
import { permalinkOf } from '@app/contract/rules/url';
import { ensureWithinPlan } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import { codeSnippetsOf } from '../../content/email-designs/render/blocks/code-snippets.ts';
import type { RenderDesign } from '../../content/email-designs/render/render-design.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import type { CompanyDoor } from '../company-door.ts';
import { isId } from '../contacts/entity-id.ts';
import { pageDocument } from './page-document.ts';
import { type PageFields, type PageRow, pageStore } from './page-store.ts';
import type { CompanySite, SiteAddresses } from './sites/site-addresses.ts';
import { pageReportOf } from './visits/page-report.ts';

/** What pages need of forms: which of the company's forms are published (§5: a form in a page must be). */
export interface PageForms {
  publishedAmong(companyId: string, ids: readonly string[]): Promise<string[]>;
}

export interface PageServiceDeps {
  db: Db;
  clock: Clock;
  company: CompanyDoor;
  renderDesign: RenderDesign;
  forms: PageForms;
  sites: SiteAddresses;
}

export type PageService = ReturnType<typeof createPageService>;

export const pageNotFound = () => new DomainError('entityNotFound', 'Page not found', { field: 'page' });
const urlExists = (permalink: string) =>
  new DomainError('urlExists', 'This URL already exists', { field: 'permalink', value: permalink });

/** §7 /pages: landing and thank-you pages, built in the console and published on the company's sites. */
export function createPageService(deps: PageServiceDeps) {
  const { db, clock, company, sites } = deps;

  /** The page as the API answers it; `where` (its company's site) is read once for a whole list. */
  const answerOf = async (row: PageRow, known?: CompanySite): Promise<Page> => {
    const where = known ?? (await sites.of(row.company_id));
    return {
      pageId: row.id,
      name: row.name,
      category: row.category,
      permalink: row.permalink,
      published: row.published,
      stateDraft: row.changed,
      default: row.is_default,
      default404: row.is_default_404,
      shared: row.share_token !== null,
      shareUrl: row.share_token ? sites.shareUrl(row.share_token) : null,
      url: where.pageUrl(row.permalink),
      domainUrl: where.domainPageUrl?.(row.permalink) ?? null,
      setting: row.setting,
      design: row.design,
      formIds: formIdsOf(row.design),
      templateId: row.template_id,
      thumbnail: null,
      createdAt: row.created_at.toISOString(),
      lastUpdate: row.updated_at.toISOString(),
      publishedAt: row.published_at?.toISOString() ?? null,
    };
  };

  const rowOf = async (companyId: string, id: string) => {
    const row = isId(id) ? await pageStore.get(db, companyId, id) : undefined;
    if (!row) throw pageNotFound();
    return row;
  };

  const ensurePermalinkFree = async (companyId: string, permalink: string, pageId?: string) => {
    if (await pageStore.permalinkTaken(db, companyId, permalink, pageId)) throw urlExists(permalink);
  };

  /** The page as its sites show it, rendered off the event loop; §8 48 when one of its forms is not published. */
  const documentOf = async (row: PageRow) => {
    const formIds = formIdsOf(row.design);
    const published = new Set(await deps.forms.publishedAmong(row.company_id, formIds));
    const unpublished = formIds.filter((id) => !published.has(id));
    if (unpublished.length > 0) {
      throw new DomainError(
        'unpublishedForms',
        'This page contains unpublished forms, please publish them first',
        {
          field: 'design',
          value: unpublished,
        },
      );
    }
    const rendered = await deps.renderDesign(row.company_id, row.design);
    return pageDocument(rendered.html, {
      name: row.name,
      setting: row.setting,
      hasForms: formIds.length > 0,
    });
  };

  /** `base`, or `base-2`, `base-3`… : the first no page of the company has. */
  const freePermalink = async (companyId: string, base: string) => {
    const taken = new Set(await pageStore.permalinksLike(db, companyId, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  };

  return {
    async list(companyId: string, query: PageListQuery): Promise<ListPage<Page>> {
      const statuses = new Set(query.status ?? []);
      const published =
        statuses.has('published') === statuses.has('draft') ? undefined : statuses.has('published');
      const { rows, total } = await pageStore.page(
        db,
        companyId,
        { page: query.page, size: query.size, search: query.search, published, category: query.category },
        sortOf<(typeof pageSortFields)[number]>(query.sort),
      );
      const where = await sites.of(companyId);
      return {
        items: await Promise.all(rows.map((row) => answerOf(row, where))),
        total,
        page: query.page,
        size: query.size,
      };
    },

    get: async (companyId: string, id: string) => answerOf(await rowOf(companyId, id)),

    async create(companyId: string, input: PageCreateBody): Promise<Page> {
      const body = pageCreateBody.parse(input);
      await sites.ensureSlug(companyId);
      await ensurePermalinkFree(companyId, body.permalink);
      const fields: PageFields = { ...body, design: defaultPageDesign(), setting: pageSetting.parse({}) };
      const row = await pageStore.insert(db, companyId, fields, clock.now()).catch((error: unknown) => {
        throw (error as { code?: string }).code === '23505' ? urlExists(body.permalink) : error;
      });
      return answerOf(row);
    },

    /** Changes the page; a published page's site keeps what was published until it is published again. */
    async update(companyId: string, id: string, input: PageUpdateBody): Promise<Page> {
      const patch = pageUpdateBody.parse(input);
      const existing = await rowOf(companyId, id);
      if (patch.permalink && patch.permalink !== existing.permalink)
        await ensurePermalinkFree(companyId, patch.permalink, existing.id);
      const fields: PageFields = {
        name: patch.name ?? existing.name,
        category: patch.category ?? existing.category,
        permalink: patch.permalink ?? existing.permalink,
        design: patch.design ?? existing.design,
        setting: patch.setting ?? existing.setting,
      };
      const row = await pageStore
        .update(db, companyId, existing.id, fields, clock.now())
        .catch((error: unknown) => {
          throw (error as { code?: string }).code === '23505' ? urlExists(fields.permalink) : error;
        });
      if (!row) throw pageNotFound();
      return answerOf(row);
    },

    /** Deletes pages (published ones leave their sites at once); answers the ids deleted. */
    async remove(companyId: string, ids: readonly string[]): Promise<string[]> {
      const removed = await pageStore.remove(db, companyId, ids);
      if (removed.length === 0) throw pageNotFound();
      return removed;
    },

    /**
     * Publishes the page as it is now (again, for a changed published page) within the plan's
     * published pages, or takes it off its sites.
     */
    async publish(companyId: string, id: string, publish: boolean): Promise<Page> {
      const existing = await rowOf(companyId, id);
      const html = publish ? await documentOf(existing) : null;
      const row = await db.transaction(async (tx) => {
        await company.lock(tx, companyId);
        const locked = await pageStore.lock(tx, companyId, existing.id);
        if (!locked) throw pageNotFound();
        if (publish && !locked.published) {
          await ensureWithinPlan(tx, companyId, {
            group: 'landing pages',
            subFeature: 'publishedPageLimit',
            used: await pageStore.countPublished(tx, companyId),
          });
        }
        if (locked.updated_at.getTime() !== existing.updated_at.getTime()) {
          throw new DomainError('state', 'The page changed while it was being published: publish it again', {
            field: 'page',
          });
        }
        await pageStore.setCode(tx, locked.id, publish ? codeSnippetsOf(existing.design) : []);
        return pageStore.setPublished(tx, companyId, locked.id, html, clock.now());
      });
      if (!row) throw pageNotFound();
      return answerOf(row);
    },

    /** A new draft from a template (its design and settings) under a free permalink made of its name. */
    async createFromTemplate(
      companyId: string,
      from: Omit<PageFields, 'permalink'> & { templateId: string | null },
    ): Promise<Page> {
      await sites.ensureSlug(companyId);
      const fields: PageFields = {
        name: pageCreateBody.shape.name.parse(from.name),
        category: from.category,
        permalink: await freePermalink(companyId, permalinkOf(from.name).slice(0, 90) || 'page'),
        design: from.design,
        setting: from.setting,
      };
      return answerOf(await pageStore.insert(db, companyId, fields, clock.now(), from.templateId));
    },

    /** §7 change template: the page keeps its name, address and settings; its content becomes the template's. */
    async applyTemplate(
      companyId: string,
      id: string,
      from: { design: EmailDesign; templateId: string | null },
    ): Promise<Page> {
      const existing = await rowOf(companyId, id);
      const row = await pageStore.applyTemplate(
        db,
        companyId,
        existing.id,
        from.design,
        from.templateId,
        clock.now(),
      );
      if (!row) throw pageNotFound();
      return answerOf(row);
    },

    /** §4 make default: the page its sites show at their own address. */
    async setDefault(companyId: string, id: string, on: boolean): Promise<Page> {
      const existing = await rowOf(companyId, id);
      const row = await db.transaction((tx) =>
        pageStore.setFlag(tx, companyId, existing.id, 'is_default', on),
      );
      if (!row) throw pageNotFound();
      return answerOf(row);
    },

    /** §4 set as default 404: the page its sites show for an address they have no page for. */
    async setDefault404(companyId: string, id: string, on: boolean): Promise<Page> {
      const existing = await rowOf(companyId, id);
      const row = await db.transaction((tx) =>
        pageStore.setFlag(tx, companyId, existing.id, 'is_default_404', on),
      );
      if (!row) throw pageNotFound();
      return answerOf(row);
    },

    /** §4 share or unshare: the draft shown to anyone with its link (a new link each time it is shared). */
    async share(companyId: string, id: string, share: boolean): Promise<Page> {
      const existing = await rowOf(companyId, id);
      const token = share ? (existing.share_token ?? randomBytes(18).toString('base64url')) : null;
      const row = await pageStore.setShareToken(db, companyId, existing.id, token);
      if (!row) throw pageNotFound();
      return answerOf(row);
    },

    /** §4 duplicate: an unpublished copy under a free permalink (`-copy`, `-copy-2`…). */
    async duplicate(companyId: string, id: string): Promise<Page> {
      const source = await rowOf(companyId, id);
      const fields: PageFields = {
        name: `Copy of ${source.name}`.slice(0, 100),
        category: source.category,
        permalink: await freePermalink(companyId, `${source.permalink.slice(0, 90)}-copy`),
        design: source.design,
        setting: source.setting,
      };
      return answerOf(await pageStore.insert(db, companyId, fields, clock.now()));
    },

    /** §5 permalink check: well formed and free (the page's own permalink counts as free). */
    async checkPermalink(companyId: string, permalink: string, pageId?: string): Promise<PermalinkCheck> {
      const parsed = permalinkSchema.safeParse(permalink);
      if (!parsed.success)
        return { valid: false, message: parsed.error.issues[0]?.message ?? 'Invalid permalink' };
      const taken = await pageStore.permalinkTaken(
        db,
        companyId,
        parsed.data,
        pageId && isId(pageId) ? pageId : undefined,
      );
      return taken ? { valid: false, message: 'This URL already exists' } : { valid: true, message: null };
    },

    /** §7 page reports: its visits, visitors and locations, `start` to `end` in the team's days. */
    async report(companyId: string, id: string, range: { start: string; end: string }): Promise<PageReport> {
      const row = await rowOf(companyId, id);
      return pageReportOf(db, row.id, range, await company.utcOffsetMinutes(companyId));
    },

    /** The address of a published page (on the default domain when there is one), null otherwise. */
    async publishedUrl(companyId: string, id: string): Promise<string | null> {
      const row = isId(id) ? await pageStore.get(db, companyId, id) : undefined;
      if (!row?.published) return null;
      const where = await sites.of(companyId);
      return where.domainPageUrl?.(row.permalink) ?? where.pageUrl(row.permalink);
    },

    /** The HTML of a published page's Code block (`/embed/code/{id}`), or undefined. */
    codeSnippet: (id: string) =>
      /^[A-Za-z0-9_-]{32}$/.test(id) ? pageStore.code(db, id) : Promise.resolve(undefined),

    /** A shared page's draft as its sites would show it (forms drawn only when published). */
    async sharedDocument(token: string): Promise<string | undefined> {
      const row = await pageStore.byShareToken(db, token);
      if (!row) return undefined;
      const rendered = await deps.renderDesign(row.company_id, row.design);
      const formIds = formIdsOf(row.design);
      return pageDocument(rendered.html, {
        name: row.name,
        setting: { ...row.setting, noIndex: true },
        hasForms: formIds.length > 0,
      });
    },
  };
}
