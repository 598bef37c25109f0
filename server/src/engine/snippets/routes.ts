import { idAnswer, resourceIdParams } from '@app/contract/engine/common';
import {
  maxSnippetPartBytes,
  results,
  type SnippetSummary,
  type SnippetView,
  snippetCreateBody,
  snippetListQuery,
  snippetSummary,
  snippetUpdateBody,
  snippetView,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { missingValue } from '../../engine-error.ts';
import { masterSharing } from '../../http/master-sharing.ts';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { conflict, notFound } from '../../http/sparkpost-errors.ts';
import { checkSnippetCompiles } from '../rendering/render-pool.ts';
import { CompileError } from '../substitution/render.ts';
import { compileFailure } from '../templates/content.ts';
import type { SnippetHeader, SnippetParts, SnippetStore } from './snippet-store.ts';

const tags = ['snippets'];
// The reference names no grant for snippets: they are template content, so the templates grants guard them.
const modify = requireGrant('templates/modify');
const view = requireGrant('templates/view');
// Three parts of 100 KB each; JSON escaping makes the request larger.
const snippetBodyLimit = 2 * 1024 * 1024;
const limitsText = `Each of html, text and amp_html is at most ${maxSnippetPartBytes} bytes (UTF-8); at least one is required. Ids are at most 64 letters, digits, ".", "_" and "-".`;

function summaryOf(snippet: SnippetHeader): SnippetSummary {
  const summary: SnippetSummary = {
    id: snippet.id,
    name: snippet.name,
    shared_with_subaccounts: snippet.sharedWithSubaccounts,
    created_at: snippet.createdAt.toISOString(),
    updated_at: snippet.updatedAt.toISOString(),
  };
  if (snippet.subaccountId !== 0) summary.subaccount_id = snippet.subaccountId;
  return summary;
}

/** A snippet renders into html, text or amp_html: it needs at least one of them, not empty. */
function requireContent(content: SnippetParts): void {
  if (!content.html && !content.text && !content.amp_html) {
    throw missingValue('content needs at least one of html, text or amp_html');
  }
}

/**
 * Parts given must be in the template language, without nested snippets or dynamic content;
 * compiled on the render threads, before any transaction starts.
 */
async function checkParts(companyId: string, parts: SnippetParts): Promise<void> {
  try {
    await checkSnippetCompiles(companyId, parts);
  } catch (error) {
    if (error instanceof CompileError) throw compileFailure(error);
    throw error;
  }
}

export function snippetRoutes({ snippets: store }: { snippets: SnippetStore }): FastifyPluginAsyncZod {
  const { notOwned, checkSharing } = masterSharing('snippet', store.readable);

  return async (app) => {
    app.get(
      '/snippets',
      {
        onRequest: view,
        schema: {
          tags,
          summary: "The account's snippets, without content; for a subaccount also the master's shared ones",
          querystring: snippetListQuery,
          response: { 200: results(z.array(snippetSummary)) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const snippets = await store.list(companyId, subaccountId, {
          shared: request.query.shared_with_subaccounts,
        });
        return { results: snippets.map(summaryOf) };
      },
    );

    app.post(
      '/snippets',
      {
        onRequest: modify,
        bodyLimit: snippetBodyLimit,
        schema: {
          tags,
          summary: 'Create a snippet, used in content with render_snippet("id")',
          description: limitsText,
          body: snippetCreateBody,
          response: { 200: results(idAnswer) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const body = request.body;
        checkSharing(principal, body.shared_with_subaccounts);
        requireContent(body.content);
        await checkParts(principal.companyId, body.content);
        const created = await store.create(principal.companyId, principal.subaccountId, {
          id: body.id,
          name: body.name || body.id,
          content: body.content,
          sharedWithSubaccounts: body.shared_with_subaccounts,
        });
        if (!created) throw conflict(`snippet ${body.id} already exists`);
        return { results: { id: body.id } };
      },
    );

    app.get(
      '/snippets/:id',
      {
        onRequest: view,
        schema: {
          tags,
          summary: "One snippet with its content: the account's own, or the master's shared one",
          params: resourceIdParams,
          response: { 200: results(snippetView) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const snippet = await store.readable(companyId, subaccountId, request.params.id);
        if (!snippet) throw notFound(`snippet ${request.params.id} does not exist`);
        const shown: SnippetView = { ...summaryOf(snippet), content: snippet.content };
        return { results: shown };
      },
    );

    app.put(
      '/snippets/:id',
      {
        onRequest: modify,
        bodyLimit: snippetBodyLimit,
        schema: {
          tags,
          summary: 'Change a snippet: content parts left out keep their value, an empty part is removed',
          description: limitsText,
          params: resourceIdParams,
          body: snippetUpdateBody,
          response: { 200: results(idAnswer) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { id } = request.params;
        const body = request.body;
        checkSharing(principal, body.shared_with_subaccounts);
        if (body.content) await checkParts(principal.companyId, body.content);
        const updated = await store.update(principal.companyId, principal.subaccountId, id, (current) => {
          const content = { ...current.content, ...body.content };
          requireContent(content);
          return {
            name: body.name || current.name,
            content,
            sharedWithSubaccounts: body.shared_with_subaccounts ?? current.sharedWithSubaccounts,
          };
        });
        if (!updated) return notOwned(principal, id);
        return { results: { id } };
      },
    );

    app.delete(
      '/snippets/:id',
      {
        onRequest: modify,
        schema: { tags, summary: 'Delete a snippet', params: resourceIdParams },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const { id } = request.params;
        if (!(await store.remove(principal.companyId, principal.subaccountId, id))) {
          return notOwned(principal, id);
        }
        return reply.status(204).send();
      },
    );
  };
}
