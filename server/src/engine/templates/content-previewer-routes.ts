import { contentPreview, contentPreviewerBody, results } from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { invalidParameter } from '../../http/sparkpost-errors.ts';
import { CompileError, checkContentShape, templateLimitsText } from '../substitution/render.ts';
import { snippetsFor } from '../transmissions/resolve.ts';
import type { SendDeps } from '../transmissions/send-deps.ts';
import { compileFailure, renderPreview, toSendingContent } from './content.ts';

const standInSender = 'preview@preview.example';
const standInSubject = 'Preview';

/** `POST /utils/content-previewer`: SparkPost's preview of inline content, the template preview's renderer. */
export function contentPreviewerRoutes({
  send,
}: {
  send: Pick<SendDeps, 'snippetContents'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/utils/content-previewer',
      {
        onRequest: requireGrant('templates/view'),
        schema: {
          tags: ['templates'],
          summary: 'Render inline content with substitution data; nothing is stored',
          description: templateLimitsText,
          body: contentPreviewerBody,
          response: { 200: results(contentPreview) },
        },
      },
      async (request) => {
        const { content, substitution_data: data } = request.body;
        // The renderer checks the sender and subject after substitution: content without them gets
        // stand-ins, not shown.
        const parts = toSendingContent({ from: standInSender, subject: standInSubject, ...content });
        if ('email_rfc822' in parts)
          throw invalidParameter('preview is not available for email_rfc822 content');
        try {
          // Linear and cheap: content over the tag or nesting limit goes no further on this thread.
          checkContentShape(parts);
        } catch (error) {
          if (error instanceof CompileError) throw compileFailure(error);
          throw error;
        }
        const principal = principalOf(request);
        const snippets = await snippetsFor(send, principal, parts, [data]);
        const rendered = await renderPreview(principal.companyId, parts, data, snippets);
        // Only the parts given: the renderer also answers a subject and a sender.
        return { results: Object.fromEntries(Object.entries(rendered).filter(([part]) => part in content)) };
      },
    );
  };
}
