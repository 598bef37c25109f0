import { envelope, okData } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { clearSessionCookie } from '../../http/session-cookie.ts';
import { revokeSession } from './sessions.ts';

export function sessionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/logout',
      {
        onRequest: ctx.guards.anyStage,
        schema: {
          tags: ['auth'],
          summary: 'End this session; the token then answers 401 loggedOut',
          security: bearerSecurity,
          response: { 200: envelope(okData) },
        },
      },
      async (request, reply) => {
        await revokeSession(ctx.db, sessionOf(request).sessionId, 'logout', ctx.clock.now());
        clearSessionCookie(request, reply);
        return { data: true as const };
      },
    );
  };
}
