import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { acceptEmptyJsonBody } from './empty-json-body.ts';
import { appError } from './errors.ts';
import { createPrincipalResolver } from './principal.ts';
import { sparkpostErrorHandler } from './sparkpost-errors.ts';

/**
 * The SparkPost-compatible engine API under `/api/v1`: every route needs an API key (or a console
 * session's bearer token) and fails in SparkPost's `{errors: [...]}` shape.
 */
export function engineApi(ctx: AppContext, modules: Array<(ctx: AppContext) => FastifyPluginAsyncZod>) {
  const resolvePrincipal = createPrincipalResolver({
    apiKeys: ctx.apiKeys,
    subaccounts: ctx.subaccounts,
    authenticateSession: async (token) => {
      const session = await ctx.authenticateSession(token);
      if (session.stage !== 'full') {
        throw appError(403, 'secondFactorRequired', 'Enter the code from your authenticator app first');
      }
      return session;
    },
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.setErrorHandler(sparkpostErrorHandler);
    acceptEmptyJsonBody(app);
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({
        errors: [
          {
            message: 'resource not found',
            code: '1600',
            description: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
          },
        ],
      }),
    );
    app.addHook('onRequest', resolvePrincipal);
    for (const routes of modules) await app.register(routes(ctx));
  };
  return plugin;
}
