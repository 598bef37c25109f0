import { envelope } from '@app/contract/common';
import { pageSections, sectionCategories } from '@app/contract/editor/page-sections';
import { idParams } from '@app/contract/marketing/contacts';
import { pageReportCsv } from '@app/contract/marketing/page-report-csv';
import {
  page,
  pageCreateBody,
  pageDeleteQuery,
  pageList,
  pageListQuery,
  pagePublishBody,
  pageReport,
  pageReportQuery,
  pageShareBody,
  pageUpdateBody,
  permalinkCheck,
  permalinkCheckQuery,
  sectionTemplateList,
  sectionTemplateQuery,
} from '@app/contract/marketing/pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { PageService } from './page-service.ts';

const tags = ['pages'];
const flagBody = z.object({ value: z.boolean() }).strict();

/** §7 /pages: landing and thank-you pages with the console session; changes need pages.manage. */
export function pageRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  pages: PageService;
}): FastifyPluginAsyncZod {
  const { guards, pages } = deps;
  const manage = [guards.full, requirePermission('pages.manage')];
  const read = { onRequest: guards.full };
  return async (app) => {
    app.get(
      '/pages',
      {
        ...read,
        schema: {
          tags,
          summary: 'The pages, newest first: search by name or permalink, status published,draft, category',
          security: bearerSecurity,
          querystring: pageListQuery,
          response: { 200: envelope(pageList) },
        },
      },
      async (request) => ({ data: await pages.list(sessionOf(request).companyId, request.query) }),
    );

    app.post(
      '/pages',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a page (a draft): name, category LANDING or THANK_YOU, permalink',
          description:
            'urlExists ("This URL already exists") when another page of the company has the permalink.',
          security: bearerSecurity,
          body: pageCreateBody,
          response: { 201: envelope(page) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await pages.create(sessionOf(request).companyId, request.body) }),
    );

    app.get(
      '/pages/permalink/check',
      {
        ...read,
        schema: {
          tags,
          summary: 'Whether a permalink is well formed and free (§5: the page’s own counts as free)',
          security: bearerSecurity,
          querystring: permalinkCheckQuery,
          response: { 200: envelope(permalinkCheck) },
        },
      },
      async (request) => ({
        data: await pages.checkPermalink(
          sessionOf(request).companyId,
          request.query.permalink,
          request.query.pageId,
        ),
      }),
    );

    app.get(
      '/pages/section-templates',
      {
        ...read,
        schema: {
          tags,
          summary: 'The ready-made sections a page can start from, by category (section categories included)',
          description: "A company's own sections are the editor's saved blocks (/embed/v1/saved-blocks).",
          security: bearerSecurity,
          querystring: sectionTemplateQuery,
          response: { 200: envelope(sectionTemplateList) },
        },
      },
      async (request) => ({
        data: {
          categories: [...sectionCategories],
          items: pageSections
            .filter((section) => !request.query.category || section.category === request.query.category)
            .map((section) => ({ ...section, sectionType: 'default' as const })),
        },
      }),
    );

    app.get(
      '/pages/:id',
      {
        ...read,
        schema: {
          tags,
          summary: 'One page, with its hosted addresses',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(page) },
        },
      },
      async (request) => ({ data: await pages.get(sessionOf(request).companyId, request.params.id) }),
    );

    app.put(
      '/pages/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            'Change a page: name, category, permalink, setting, design (the builder’s rows and blocks)',
          description:
            'A published page is marked changed (stateDraft) and its sites keep what was published until it is published again.',
          security: bearerSecurity,
          params: idParams,
          body: pageUpdateBody,
          response: { 200: envelope(page) },
        },
      },
      async (request) => ({
        data: await pages.update(sessionOf(request).companyId, request.params.id, request.body),
      }),
    );

    app.delete(
      '/pages',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete pages (§7: ids, comma-joined); a published page leaves its sites at once',
          security: bearerSecurity,
          querystring: pageDeleteQuery,
          response: { 200: envelope(z.object({ ids: z.array(z.string()) })) },
        },
      },
      async (request) => ({
        data: { ids: await pages.remove(sessionOf(request).companyId, request.query.ids) },
      }),
    );

    app.post(
      '/pages/:id/publish',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Publish the page as it is now (again when changed), or unpublish it',
          description:
            "Within the plan's publishedPageLimit; every form in the page must be published: unpublishedForms (§8 48).",
          security: bearerSecurity,
          params: idParams,
          body: pagePublishBody,
          response: { 200: envelope(page) },
        },
      },
      async (request) => ({
        data: await pages.publish(sessionOf(request).companyId, request.params.id, request.body.publish),
      }),
    );

    const flagRoute = (path: string, summary: string, set: PageService['setDefault']) =>
      app.post(
        path,
        {
          onRequest: manage,
          schema: {
            tags,
            summary,
            security: bearerSecurity,
            params: idParams,
            body: flagBody,
            response: { 200: envelope(page) },
          },
        },
        async (request) => ({
          data: await set(sessionOf(request).companyId, request.params.id, request.body.value),
        }),
      );
    flagRoute(
      '/pages/:id/default',
      'Make the page the one its sites show at their own address (§4 make default)',
      pages.setDefault,
    );
    flagRoute(
      '/pages/:id/default-404',
      'Make the page the one its sites show for unknown addresses (§4 default 404)',
      pages.setDefault404,
    );

    app.post(
      '/pages/:id/share',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Share the draft at a secret link, or stop sharing it (§4 share or unshare)',
          security: bearerSecurity,
          params: idParams,
          body: pageShareBody,
          response: { 200: envelope(page) },
        },
      },
      async (request) => ({
        data: await pages.share(sessionOf(request).companyId, request.params.id, request.body.share),
      }),
    );

    app.post(
      '/pages/:id/duplicate',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'An unpublished copy of the page',
          security: bearerSecurity,
          params: idParams,
          response: { 201: envelope(page) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await pages.duplicate(sessionOf(request).companyId, request.params.id) }),
    );

    app.get(
      '/pages/:id/reports',
      {
        ...read,
        schema: {
          tags,
          summary:
            'Visits, daily unique visitors and locations (country from a bundled IP database), per day',
          security: bearerSecurity,
          params: idParams,
          querystring: pageReportQuery,
          response: { 200: envelope(pageReport) },
        },
      },
      async (request) => ({
        data: await pages.report(sessionOf(request).companyId, request.params.id, request.query),
      }),
    );

    app.get(
      '/pages/:id/reports/export',
      {
        ...read,
        schema: {
          tags,
          summary: 'The report as CSV',
          security: bearerSecurity,
          params: idParams,
          querystring: pageReportQuery,
        },
      },
      async (request, reply) => {
        const report = await pages.report(sessionOf(request).companyId, request.params.id, request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(`page-${request.params.id}-report.csv`))
          .send(pageReportCsv(report));
      },
    );
  };
}
