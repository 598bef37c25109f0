import type { BlockType } from '@app/contract/editor/design-constants';
import { embedSession } from '@app/contract/editor/embed-api';
import { results } from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { embedScopeOf } from './embed-api-routes.ts';

/** GET /embed/v1/session: what the token allows, for the element's `ready` event. */
export function embedSessionRoutes({
  companyName,
  blocksOff,
  mergeTags,
}: {
  companyName: (companyId: string) => Promise<string>;
  /** The block types the company's plan leaves out. */
  blocksOff: (companyId: string) => Promise<BlockType[]>;
  /** The tags of the company's contact fields, each with a made-up sample value. */
  mergeTags: (companyId: string) => Promise<{ tags: string[]; samples: Record<string, string> }>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/session',
      { schema: { summary: 'What this embed token allows', response: { 200: results(embedSession) } } },
      async (request) => {
        const scope = embedScopeOf(request);
        const merge = await mergeTags(scope.companyId);
        return {
          results: {
            company_name: await companyName(scope.companyId),
            subaccount_id: scope.subaccountId,
            template_id: scope.templateId,
            expires_at: scope.expiresAt.toISOString(),
            blocks_off: await blocksOff(scope.companyId),
            merge_tags: merge.tags,
            merge_samples: merge.samples,
          },
        };
      },
    );
  };
}
