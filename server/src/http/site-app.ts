import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorHandler } from './errors.ts';
import { trustedProxies } from './trusted-proxies.ts';

/**
 * The sites origin (SITES_PORT): published pages, their forms' public API and `<signup-form>`'s
 * module. A Fastify of its own, so no console route, cookie or session is ever on it.
 */
export async function buildSiteApp(options: {
  logger: FastifyBaseLogger;
  /** The console's build: `embed/signup-form.js` is served from it. */
  consoleDir: string;
  routes: FastifyPluginAsync;
  /** The pages' Content-Security-Policy (a route may answer with its own). */
  policy: string;
  /** TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the visitor (reports, per-visitor limits). */
  trustProxy?: readonly string[] | undefined;
}): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: options.logger, trustProxy: trustedProxies(options.trustProxy) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', (_request, reply, done) => {
    reply
      .header('content-security-policy', options.policy)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin');
    done();
  });
  await app.register(compress, { threshold: 1024 });
  const embedDir = join(options.consoleDir, 'embed');
  if (existsSync(embedDir)) {
    await app.register(fastifyStatic, {
      root: embedDir,
      prefix: '/embed/',
      index: false,
      preCompressed: true,
      wildcard: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=300'),
    });
  }
  await app.register(options.routes);
  return app;
}
