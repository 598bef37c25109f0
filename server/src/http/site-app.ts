import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorHandler } from './errors.ts';

/**
 * The pages' own policy: scripts from the sites origin only (the `<signup-form>` module), no inline
 * script, no plugins, no `<base>`. Styles may be inline (the pages' responsive CSS is in the
 * document); images and fonts of any https site (a page shows the company's own); the form posts
 * to this origin; YouTube may be framed for a video.
 */
export const sitePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https: http:",
  "font-src 'self' data: https:",
  "connect-src 'self'",
  "form-action 'self'",
  'frame-src https://www.youtube.com https://www.youtube-nocookie.com',
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The sites origin (SITES_PORT): published pages, their forms' public API and `<signup-form>`'s
 * module. A Fastify of its own, so no console route, cookie or session is ever on it.
 */
export async function buildSiteApp(options: {
  logger: FastifyBaseLogger;
  /** The console's build: `embed/signup-form.js` is served from it. */
  consoleDir: string;
  routes: FastifyPluginAsync;
}): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: options.logger, trustProxy: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('onRequest', (_request, reply, done) => {
    reply
      .header('content-security-policy', sitePolicy)
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
