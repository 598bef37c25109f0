import { designLimits } from '@app/contract/editor/design';
import {
  designIdParams,
  designRenderBody,
  designRendered,
  designSaveBody,
  designSaved,
  storedDesign,
} from '@app/contract/editor/embed-api';
import { results } from '@app/contract/engine/index';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, sparkpostError } from '../../http/sparkpost-errors.ts';
import { PoolBusyError } from '../../threads/fair-pool.ts';
import { checkTemplateAllowed, embedScopeOf } from '../embed-tokens/embed-api-routes.ts';
import type { DesignService } from './design-service.ts';

const tags = ['embed'];
// Room beyond the design's own limit, so a design just over it is refused by name (design-service.ts).
const bodyLimit = 2 * designLimits.bytes;

/**
 * Per IP and minute, with the app's rate limit (off when RATE_LIMIT_PER_MINUTE is 0): the editor
 * renders after each pause in editing and saves on demand, so the limits leave room for both.
 */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** `work`, answered 503 (and when to come back) while the render threads' queue is full. */
async function whenRendererFree<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PoolBusyError)) throw error;
    reply.header('retry-after', '1');
    throw sparkpostError(
      503,
      'service unavailable',
      '1900',
      "The editor's renderer is busy; try again in a moment.",
    );
  }
}

/** /embed/v1 routes of templates' designs (the embed token's account; its one template if it names one). */
export function designRoutes({ designs }: { designs: DesignService }): FastifyPluginAsyncZod {
  return async (app) => {
    const keyOf = (request: Parameters<typeof embedScopeOf>[0], templateId: string) => {
      const scope = embedScopeOf(request);
      checkTemplateAllowed(scope, templateId);
      return { companyId: scope.companyId, subaccountId: scope.subaccountId, templateId };
    };

    app.get(
      '/templates/:id/design',
      {
        schema: {
          tags,
          summary: "A template's design (null when it has none yet)",
          params: designIdParams,
          response: { 200: results(storedDesign) },
        },
      },
      async (request) => ({ results: await designs.read(keyOf(request, request.params.id)) }),
    );

    app.put(
      '/templates/:id/design',
      {
        bodyLimit,
        config: perMinute(60),
        schema: {
          tags,
          summary: "Save the design and its mail as the template's draft (and publish it with publish: true)",
          params: designIdParams,
          body: designSaveBody,
          response: { 200: results(designSaved) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const saved = await whenRendererFree(reply, () => designs.save(keyOf(request, id), request.body));
        if (saved === 'stale') {
          throw conflict(`template ${id} was saved since this edit began: reload it, then save again`);
        }
        return { results: saved };
      },
    );

    app.post(
      '/render',
      {
        bodyLimit,
        config: perMinute(120),
        schema: {
          tags,
          summary: 'The design as mail (HTML and text), for previews; nothing is stored',
          body: designRenderBody,
          response: { 200: results(designRendered) },
        },
      },
      async (request, reply) => {
        const { companyId } = embedScopeOf(request);
        return {
          results: await whenRendererFree(reply, () => designs.render(companyId, request.body.design)),
        };
      },
    );
  };
}
