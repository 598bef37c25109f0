import { Readable } from 'node:stream';
import { findUnstorableInSlices } from '@app/contract/engine/index';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { engineValidatorCompiler } from '../../http/engine-api.ts';
import { parseJsonBodies } from '../../http/json-body/json-body.ts';
import { forbidden, notFound, sparkpostErrorHandler, unauthorized } from '../../http/sparkpost-errors.ts';
import type { EmbedScope } from './embed-token-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    embedScope: EmbedScope | null;
  }
}

/** The caller of an `/embed/v1` route: the scope of its embed token. */
export function embedScopeOf(request: FastifyRequest): EmbedScope {
  if (!request.embedScope) throw unauthorized('Send an embed token: Authorization: Bearer emb_…');
  return request.embedScope;
}

/** A token limited to one template may touch no other. */
export function checkTemplateAllowed(scope: EmbedScope, templateId: string): void {
  if (scope.templateId !== null && scope.templateId !== templateId) {
    throw forbidden(`this embed token may only edit template ${scope.templateId}`);
  }
}

/**
 * Every /embed/v1 answer (errors and preflights too) may be read from any origin: the element runs on
 * vendors' pages. No credentials: the bearer token is the only authority, never a cookie.
 */
function allowOrigin(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  reply.header('access-control-allow-origin', origin || '*');
  reply.header('vary', 'Origin');
}

/**
 * The embed API that `<email-editor>` talks to (mounted at `/embed/v1`): bearer embed token, CORS open,
 * failures in SparkPost's `{errors: [...]}` shape.
 */
export function embedApi(
  verify: (token: string) => Promise<EmbedScope | undefined>,
  modules: FastifyPluginAsyncZod[],
): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('embedScope', null);
    app.setErrorHandler(sparkpostErrorHandler);
    app.setValidatorCompiler<z.ZodType>(engineValidatorCompiler);
    // JSON bodies are walked in slices (see engine-api.ts); an uploaded file's bytes (a stream) are not JSON.
    app.addHook('preValidation', async (request) => {
      if (!(request.body instanceof Readable)) await findUnstorableInSlices(request.body);
    });
    parseJsonBodies(app, (request) => request.embedScope?.companyId ?? request.ip);
    app.addHook('onRequest', async (request, reply) => {
      allowOrigin(request, reply);
      if (request.method === 'OPTIONS') return;
      const header = request.headers.authorization ?? '';
      const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
      const scope = token ? await verify(token) : undefined;
      if (!scope) throw unauthorized('The embed token is missing, unknown or expired');
      request.embedScope = scope;
    });
    app.options('/*', { schema: { hide: true } }, async (_request, reply) => {
      reply
        .header('access-control-allow-methods', 'GET, PUT, POST, DELETE')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .code(204);
      return reply.send();
    });
    for (const routes of modules) await app.register(routes);
    // Outranks the console's catch-all, whose 404 would take the console's shape.
    app.route({
      method: ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'],
      url: '/*',
      schema: { hide: true },
      handler: async (request) => {
        throw notFound(`No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
      },
    });
  };
}
