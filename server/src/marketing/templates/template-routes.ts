import type { Permission } from '@app/contract/accounts/permissions';
import { envelope } from '@app/contract/common';
import { templateTypes } from '@app/contract/marketing/template-words';
import {
  type TemplateType,
  template,
  templateAcceptBody,
  templateApplyBody,
  templateCategoryCounts,
  templateCreateBody,
  templateIdParams,
  templateLabelBody,
  templateLabelEntry,
  templateLabelParams,
  templateList,
  templateListQuery,
  templatePreview,
  templateShareBody,
  templateUpdateBody,
  templateUse,
  templateUseBody,
} from '@app/contract/marketing/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AuthGuards,
  bearerSecurity,
  notAuthorized,
  requirePermission,
  sessionOf,
} from '../../http/auth.ts';
import type { TemplateService } from './template-service.ts';

const tags = ['marketing templates'];

/** Using a template makes a campaign, page or form: the caller's role must allow making that. */
const usePermission: Record<TemplateType, Permission> = {
  email: 'campaigns.compose',
  page: 'pages.manage',
  form: 'forms.manage',
};

/** §7 /template: the Template Manager's email, page and form templates; changes need marketingTemplates.manage. */
export function templateRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  templates: TemplateService;
}): FastifyPluginAsyncZod {
  const { guards, templates } = deps;
  const manage = [guards.full, requirePermission('marketingTemplates.manage')];
  const read = { onRequest: guards.full };
  return async (app) => {
    app.get(
      '/template',
      {
        ...read,
        schema: {
          tags,
          summary:
            'The company’s templates (or, with featured=true, the product’s own): type, search, category, templateLabels, isContainForm',
          security: bearerSecurity,
          querystring: templateListQuery,
          response: { 200: envelope(templateList) },
        },
      },
      async (request) => ({ data: await templates.list(sessionOf(request).companyId, request.query) }),
    );

    app.post(
      '/template',
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            'Add a template: empty, or saved from a campaign, a page (with its forms or not), a form or another template',
          description:
            "Within the plan's emailTemplateLimit, pageTemplateLimit or formTemplateLimit (quotaExceeded). Labels keep only letters, digits, spaces and hyphens (§5).",
          security: bearerSecurity,
          body: templateCreateBody,
          response: { 201: envelope(template) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await templates.create(sessionOf(request).companyId, request.body) }),
    );

    app.get(
      '/template/category',
      {
        ...read,
        schema: {
          tags,
          summary: 'The template categories, each with how many of the company’s templates are in it',
          security: bearerSecurity,
          querystring: z.object({ type: z.enum(templateTypes).optional() }),
          response: { 200: envelope(templateCategoryCounts) },
        },
      },
      async (request) => ({
        data: await templates.categories(sessionOf(request).companyId, request.query.type),
      }),
    );

    app.get(
      '/template/label',
      {
        ...read,
        schema: {
          tags,
          summary: 'The company’s template labels, each with how many templates carry it',
          security: bearerSecurity,
          response: { 200: envelope(z.array(templateLabelEntry)) },
        },
      },
      async (request) => ({ data: await templates.labels(sessionOf(request).companyId) }),
    );

    app.post(
      '/template/label',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a template label (letters, digits, spaces and hyphens are kept)',
          security: bearerSecurity,
          body: templateLabelBody,
          response: { 201: envelope(templateLabelEntry) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await templates.addLabel(sessionOf(request).companyId, request.body.name) }),
    );

    app.put(
      '/template/label/:labelId',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Rename a template label, on every template that carries it',
          security: bearerSecurity,
          params: templateLabelParams,
          body: templateLabelBody,
          response: { 200: envelope(templateLabelEntry) },
        },
      },
      async (request) => ({
        data: await templates.renameLabel(
          sessionOf(request).companyId,
          request.params.labelId,
          request.body.name,
        ),
      }),
    );

    app.delete(
      '/template/label/:labelId',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete a template label, from every template that carries it',
          security: bearerSecurity,
          params: templateLabelParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await templates.removeLabel(sessionOf(request).companyId, request.params.labelId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/template/shared/accept',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a copy of a template shared by email (the link works once, for 14 days)',
          security: bearerSecurity,
          body: templateAcceptBody,
          response: { 201: envelope(template) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send({ data: await templates.acceptShare(sessionOf(request).companyId, request.body.token) }),
    );

    app.get(
      '/template/:id',
      {
        ...read,
        schema: {
          tags,
          summary: 'One template with its content',
          security: bearerSecurity,
          params: templateIdParams,
          response: { 200: envelope(template) },
        },
      },
      async (request) => ({ data: await templates.get(sessionOf(request).companyId, request.params.id) }),
    );

    app.put(
      '/template/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change a template: name, category, labels, thumbnail, content (of its own type)',
          security: bearerSecurity,
          params: templateIdParams,
          body: templateUpdateBody,
          response: { 200: envelope(template) },
        },
      },
      async (request) => ({
        data: await templates.update(sessionOf(request).companyId, request.params.id, request.body),
      }),
    );

    app.delete(
      '/template/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete a template (what was made from it stays)',
          security: bearerSecurity,
          params: templateIdParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await templates.remove(sessionOf(request).companyId, request.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/template/:id/preview',
      {
        ...read,
        schema: {
          tags,
          summary: 'The template as HTML (its thumbnail): the mail or page it makes, a form’s questions',
          security: bearerSecurity,
          params: templateIdParams,
          response: { 200: envelope(templatePreview) },
        },
      },
      async (request) => ({
        data: { html: await templates.preview(sessionOf(request).companyId, request.params.id) },
      }),
    );

    app.post(
      '/template/:id/use',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'Use this template: a new campaign draft, page (with copies of its forms) or form',
          description:
            'Needs the role to compose campaigns, manage pages or manage forms, for an email, page or form template.',
          security: bearerSecurity,
          params: templateIdParams,
          body: templateUseBody,
          response: { 201: envelope(templateUse) },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        const made = await templates.use(session.companyId, request.params.id, request.body.name, (type) => {
          if (!session.permissions.includes(usePermission[type])) throw notAuthorized(usePermission[type]);
        });
        return reply.code(201).send({ data: made });
      },
    );

    app.post(
      '/template/:id/apply',
      {
        onRequest: [guards.full, requirePermission('pages.manage')],
        schema: {
          tags,
          summary:
            'Change template: a page of the company takes a page template’s content (§7 change template)',
          description:
            'The page keeps its name, address and settings; a published page shows the change once published again.',
          security: bearerSecurity,
          params: templateIdParams,
          body: templateApplyBody,
          response: { 200: envelope(z.object({ pageId: z.string() })) },
        },
      },
      async (request) => {
        await templates.applyToPage(sessionOf(request).companyId, request.params.id, request.body.pageId);
        return { data: { pageId: request.body.pageId } };
      },
    );

    app.post(
      '/template/:id/share-by-email',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Share a template by email: the address gets a link that adds a copy to its company',
          security: bearerSecurity,
          params: templateIdParams,
          body: templateShareBody,
          response: { 200: envelope(z.object({ shared: z.literal(true) })) },
        },
      },
      async (request) => {
        await templates.share(sessionOf(request).companyId, request.params.id, request.body.email);
        return { data: { shared: true as const } };
      },
    );
  };
}
