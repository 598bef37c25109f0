import { envelope, pingData } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ping',
      {
        onRequest: ctx.guards.optional,
        schema: {
          tags: ['health'],
          summary: 'Health check; with a token, also checks the session (401 with its code when it ended)',
          response: { 200: envelope(pingData) },
        },
      },
      async () => ({ data: true }),
    );
  };
}
