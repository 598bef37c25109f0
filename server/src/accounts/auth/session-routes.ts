import { envelope, okData } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { clearSessionCookie } from '../../http/session-cookie.ts';
import { revokeSession } from './sessions.ts';

export interface SessionRouteDeps {
  db: Db;
  clock: Clock;
  guards: Pick<AuthGuards, 'anyStage'>;
}

export function sessionRoutes(deps: SessionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/logout',
      {
        onRequest: deps.guards.anyStage,
        schema: {
          tags: ['auth'],
          summary: 'End this session; the token then answers 401 loggedOut',
          security: bearerSecurity,
          response: { 200: envelope(okData) },
        },
      },
      async (request, reply) => {
        await revokeSession(deps.db, sessionOf(request).sessionId, 'logout', deps.clock.now());
        clearSessionCookie(request, reply);
        return { data: true as const };
      },
    );
  };
}
