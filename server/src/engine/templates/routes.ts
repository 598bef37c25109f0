import { emptyAnswer, idAnswer, resourceIdParams } from '@app/contract/engine/common';
import {
  results,
  type TemplateSummary,
  type TemplateView,
  templateCreateBody,
  templateGetQuery,
  templateListQuery,
  templatePreview,
  templatePreviewBody,
  templateSummary,
  templateUpdateBody,
  templateUpdateQuery,
  templateView,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { masterSharing } from '../../http/master-sharing.ts';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { conflict, invalidParameter, missingField, notFound } from '../../http/sparkpost-errors.ts';
import { mergeSubstitutionData, templateLimitsText } from '../substitution/render.ts';
import { snippetsFor } from '../transmissions/resolve.ts';
import type { SendDeps } from '../transmissions/send-deps.ts';
import { checkTemplateContent, renderPreview, toSendingContent } from './content.ts';
import type {
  Template,
  TemplateChange,
  TemplateHeader,
  TemplateStore,
  TemplateVersion,
} from './template-store.ts';

const tags = ['templates'];
const modify = requireGrant('templates/modify');
const view = requireGrant('templates/view');
// Content may be up to 20 MB; JSON escaping makes the request larger.
const contentBodyLimit = 30 * 1024 * 1024;

function summaryOf(template: TemplateHeader, published: boolean): TemplateSummary {
  const summary: TemplateSummary = {
    id: template.id,
    name: template.name,
    description: template.description,
    published,
    has_draft: template.hasDraft,
    has_published: template.hasPublished,
    last_update_time: template.lastUpdateTime.toISOString(),
  };
  if (template.lastUse) summary.last_use = template.lastUse.toISOString();
  if (template.subaccountId === 0) summary.shared_with_subaccounts = template.sharedWithSubaccounts;
  else summary.subaccount_id = template.subaccountId;
  return summary;
}

/** The version asked for: `draft=true` the draft, `draft=false` the published one, else published if any. */
function versionOf(
  template: Template,
  draft: boolean | undefined,
): { version: TemplateVersion; published: boolean } {
  const useDraft = draft ?? !template.published;
  const version = useDraft ? template.draft : template.published;
  if (!version) {
    throw notFound(`template ${template.id} has no ${useDraft ? 'draft' : 'published version'}`);
  }
  return { version, published: !useDraft };
}

function viewOf(template: Template, draft: boolean | undefined): TemplateView {
  const { version, published } = versionOf(template, draft);
  const shown: TemplateView = {
    ...summaryOf(template, published),
    options: version.options,
    content: version.content,
  };
  if (version.substitution_data) shown.substitution_data = version.substitution_data;
  return shown;
}

export function templateRoutes({
  templates: store,
  send,
}: {
  templates: TemplateStore;
  /** Where preview finds the snippets a template references (read per request). */
  send: Pick<SendDeps, 'snippetContents'>;
}): FastifyPluginAsyncZod {
  const { notOwned, checkSharing } = masterSharing('template', store.readable);

  return async (app) => {
    app.get(
      '/templates',
      {
        onRequest: view,
        schema: {
          tags,
          summary: "The account's templates; for a subaccount also the master's shared ones",
          querystring: templateListQuery,
          response: { 200: results(z.array(templateSummary)) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const { draft, shared_with_subaccounts } = request.query;
        const templates = await store.list(companyId, subaccountId, {
          draft,
          shared: shared_with_subaccounts,
        });
        return {
          results: templates.map((template) => summaryOf(template, draft ?? !template.hasDraft)),
        };
      },
    );

    app.post(
      '/templates',
      {
        onRequest: modify,
        bodyLimit: contentBodyLimit,
        schema: {
          tags,
          summary: 'Create a template (a draft unless published is true)',
          description: templateLimitsText,
          body: templateCreateBody,
          response: { 200: results(idAnswer) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const body = request.body;
        const name = body.name || body.id;
        if (!name) throw missingField('name is required');
        checkSharing(principal, body.shared_with_subaccounts);
        await checkTemplateContent(principal.companyId, body.content);
        const version: TemplateVersion = { content: body.content, options: body.options ?? {} };
        if (body.substitution_data) version.substitution_data = body.substitution_data;
        const id = await store.create(principal.companyId, principal.subaccountId, {
          id: body.id,
          name,
          description: body.description ?? '',
          sharedWithSubaccounts: body.shared_with_subaccounts ?? false,
          version,
          published: body.published,
        });
        if (!id) throw conflict(`template ${body.id} already exists`);
        return { results: { id } };
      },
    );

    app.get(
      '/templates/:id',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'One template: the published version, or the draft with draft=true',
          params: resourceIdParams,
          querystring: templateGetQuery,
          response: { 200: results(templateView) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const template = await store.readable(companyId, subaccountId, request.params.id);
        if (!template) throw notFound(`template ${request.params.id} does not exist`);
        return { results: viewOf(template, request.query.draft) };
      },
    );

    app.put(
      '/templates/:id',
      {
        onRequest: modify,
        bodyLimit: contentBodyLimit,
        schema: {
          tags,
          summary:
            'Update the draft (or the published version with update_published=true); published: true publishes the draft',
          description: templateLimitsText,
          params: resourceIdParams,
          querystring: templateUpdateQuery,
          body: templateUpdateBody,
          response: { 200: results(idAnswer) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { companyId, subaccountId } = principal;
        const { id } = request.params;
        const body = request.body;
        checkSharing(principal, body.shared_with_subaccounts);
        if (body.content) await checkTemplateContent(companyId, body.content);
        const changesVersion =
          body.content !== undefined || body.options !== undefined || body.substitution_data !== undefined;
        const apply = (base: TemplateVersion): TemplateVersion => {
          const version: TemplateVersion = {
            content: body.content ?? base.content,
            options: { ...base.options, ...body.options },
          };
          const data = body.substitution_data ?? base.substitution_data;
          if (data) version.substitution_data = data;
          return version;
        };

        const updated = await store.update(companyId, subaccountId, id, (current) => {
          const next: TemplateChange = {
            name: body.name || current.name,
            description: body.description ?? current.description,
            sharedWithSubaccounts: body.shared_with_subaccounts ?? current.sharedWithSubaccounts,
            draft: current.draft,
            published: current.published,
            publishedVersion: current.publishedVersion,
          };
          if (request.query.update_published) {
            if (!current.published) {
              throw invalidParameter(`template ${id} has no published version to update`);
            }
            if (changesVersion) {
              next.published = apply(current.published);
              next.publishedVersion += 1;
            }
            return next;
          }
          if (changesVersion) {
            // A new draft starts from the current draft, or from the published version when there is none.
            const base = current.draft ?? current.published;
            if (!base) throw new Error(`template ${id} has neither a draft nor a published version`);
            next.draft = apply(base);
          }
          if (body.published === true && next.draft) {
            next.published = next.draft;
            next.draft = null;
            next.publishedVersion += 1;
          }
          return next;
        });
        if (!updated) return notOwned(principal, id);
        return { results: { id } };
      },
    );

    app.delete(
      '/templates/:id',
      {
        onRequest: modify,
        schema: {
          tags,
          summary: 'Delete a template, draft and published',
          params: resourceIdParams,
          response: { 200: emptyAnswer },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { companyId, subaccountId } = principal;
        const { id } = request.params;
        if (!(await store.get(companyId, subaccountId, id))) return notOwned(principal, id);
        if (await store.inUse(companyId, subaccountId, id)) {
          throw conflict(`template ${id} is in use by msg generation`);
        }
        await store.remove(companyId, subaccountId, id);
        return {};
      },
    );

    app.post(
      '/templates/:id/preview',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'Render a template with substitution data (the draft with draft=true)',
          description: templateLimitsText,
          params: resourceIdParams,
          querystring: templateGetQuery,
          body: templatePreviewBody.optional(),
          response: { 200: results(templatePreview) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const template = await store.readable(companyId, subaccountId, request.params.id);
        if (!template) throw notFound(`template ${request.params.id} does not exist`);
        const { version } = versionOf(template, request.query.draft);
        const content = toSendingContent(version.content);
        if ('email_rfc822' in content) {
          throw invalidParameter('preview is not available for email_rfc822 templates');
        }
        const data = mergeSubstitutionData(version.substitution_data, request.body?.substitution_data);
        const snippets = await snippetsFor(send, principalOf(request), content, [data]);
        return { results: await renderPreview(companyId, content, data, snippets) };
      },
    );
  };
}
