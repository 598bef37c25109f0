import { findUnstorableInSlices, storableInput } from '@app/contract/engine/index';
import type { FastifySchemaCompiler, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { DomainError } from '../domain-error.ts';
import { createMethodIndex } from './allowed-methods.ts';
import { parseJsonBodies } from './json-body/json-body.ts';
import { createPrincipalResolver, isGrantCheck, type PrincipalDeps } from './principal.ts';
import { methodNotAllowed, notFound, sparkpostErrorHandler } from './sparkpost-errors.ts';

const rewrittenPrefixes = ['/api/v1/', '/api/labs/'];

/**
 * SparkPost ignores a trailing slash (`POST /transmissions/`, `PUT /suppression-list/`): an
 * `/api/v1` or `/api/labs` URL reaches the router without it. Other URLs pass unchanged. One
 * backwards scan, no regular expression: this runs on every request, before authentication.
 */
export function withoutTrailingSlash(url: string): string {
  if (!rewrittenPrefixes.some((prefix) => url.startsWith(prefix))) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47 /* '/' */) end--;
  const prefixLength = path.startsWith('/api/v1/') ? '/api/v1/'.length : '/api/labs/'.length;
  // A bare `/api/v1/` keeps its slash: it names no resource to strip it from.
  if (end === path.length || end < prefixLength) return url;
  return path.slice(0, end) + (queryAt < 0 ? '' : url.slice(queryAt));
}

/** Every body, query and path passes the storable-input check before the route's own schema. */
export const engineValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, ...route }) =>
  validatorCompiler({ ...route, schema: storableInput.pipe(schema) });

/**
 * A caller without the route's grant is refused before its body is read: a grant check in a
 * preValidation or preHandler hook would run only after a body of up to the route's limit was read
 * and parsed.
 */
function refuseLateGrantChecks(route: RouteOptions): void {
  for (const hook of ['preValidation', 'preHandler'] as const) {
    if ([route[hook]].flat().some(isGrantCheck)) {
      const methods = [route.method].flat().join(', ');
      throw new Error(`${methods} ${route.url} checks a grant in ${hook}: use onRequest`);
    }
  }
}

/**
 * The SparkPost-compatible engine API under `/api/v1` (and its labs routes under `/api/labs`): every route needs an API key (or a console
 * session's bearer token) and fails in SparkPost's `{errors: [...]}` shape. `callers` authenticates
 * them (a session of any stage: a session still owing its second factor is refused here).
 */
export function engineApi(callers: PrincipalDeps, modules: FastifyPluginAsyncZod[]) {
  const resolvePrincipal = createPrincipalResolver({
    ...callers,
    authenticateSession: async (token) => {
      const session = await callers.authenticateSession(token);
      if (session.stage !== 'full') {
        throw new DomainError('secondFactorRequired', 'Enter the code from your authenticator app first');
      }
      return session;
    },
  });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.setErrorHandler(sparkpostErrorHandler);
    app.setValidatorCompiler<z.ZodType>(engineValidatorCompiler);
    // A large body is walked in slices first, so it does not hold the event loop; the check above reuses the outcome.
    app.addHook('preValidation', async (request) => {
      await findUnstorableInSlices(request.body);
    });
    parseJsonBodies(app, (request) => request.principal?.companyId ?? request.ip);
    const noSuchEndpoint = (method: string, url: string) =>
      notFound(`No such endpoint: ${method} ${url.split('?')[0]}`);
    app.setNotFoundHandler((request) => {
      throw noSuchEndpoint(request.method, request.url);
    });
    app.addHook('onRequest', resolvePrincipal);
    const methods = createMethodIndex();
    app.addHook('onRoute', (route) => {
      refuseLateGrantChecks(route);
      methods.record(route);
    });
    for (const routes of modules) await app.register(routes);
    // Outranks the console's catch-all file route, whose 404 would take the console's shape.
    app.all('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const allowed = methods.allowed(path);
      if (allowed.length === 0) throw noSuchEndpoint(request.method, request.url);
      reply.header('allow', allowed.join(', '));
      throw methodNotAllowed(
        `${request.method} is not supported on ${path}; it answers ${allowed.join(', ')}`,
      );
    });
  };
  return plugin;
}
