import { envelope, pingData } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../http/auth.ts';

export function healthRoutes(deps: { guards: Pick<AuthGuards, 'optional'> }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ping',
      {
        onRequest: deps.guards.optional,
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
