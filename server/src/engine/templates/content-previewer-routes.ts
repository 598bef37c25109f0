import { contentPreview, contentPreviewerBody, results } from '@app/shared/api/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireGrant } from '../../http/principal.ts';
import { invalidParameter } from '../../http/sparkpost-errors.ts';
import { templateLimitsText } from '../substitution/render.ts';
import { renderPreview, toSendingContent } from './content.ts';

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
        const rendered = await renderPreview(parts, data);
        // Only the parts given: the renderer also answers a subject and a sender.
        return { results: Object.fromEntries(Object.entries(rendered).filter(([part]) => part in content)) };
      },
    );
  };
}
