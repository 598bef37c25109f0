import { contentPreview, contentPreviewerBody, results } from '@app/shared/api/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireGrant } from '../../http/principal.ts';
import { invalidParameter } from '../../http/sparkpost-errors.ts';
import { CompileError, templateLimitsText } from '../substitution/render.ts';
import { preview } from '../transmissions/render-pool.ts';
import { compileFailure, toSendingContent } from './content.ts';

const standInSender = 'preview@preview.example';

/** `POST /utils/content-previewer`: SparkPost's preview of inline content, the template preview's renderer. */
export function contentPreviewerRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/utils/content-previewer',
      {
        preHandler: requireGrant('templates/view'),
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
        // The renderer checks the sender after substitution: content without one gets a stand-in, not shown.
        const parts = toSendingContent({ from: standInSender, ...content });
        if ('email_rfc822' in parts)
          throw invalidParameter('preview is not available for email_rfc822 content');
        try {
          const rendered = await preview(parts, data);
          if ('failure' in rendered) throw invalidParameter(`preview failed: ${rendered.failure}`);
          // Only the parts given: the renderer also answers a subject and a sender.
          const shown = Object.entries(rendered.content).filter(([part]) => part in content);
          return { results: Object.fromEntries(shown) };
        } catch (error) {
          if (error instanceof CompileError) throw compileFailure(error);
          throw error;
        }
      },
    );
  };
}
