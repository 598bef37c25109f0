import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DomainError } from '../domain-error.ts';
import { consolePagePolicy } from './security-headers.ts';

/** Paths that never fall back to the console's index.html. */
const serverPrefixes = ['/v1', '/app', '/api', '/docs', '/modules', '/lib', '/embed', '/generator', '/media'];

/** Read on every load, so a new deployment is picked up at once. */
const alwaysRevalidate = new Set(['index.html', 'importmap.json']);

/**
 * Files the build names by their content (`name.<8-character hash>.js|css`, scripts/build.ts): a new
 * build gives changed content a new name, so browsers may keep these for good.
 */
const contentNamed = /\.[\w-]{8}\.(js|css)$/;

const isServerPath = (path: string) =>
  serverPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** What the browser needs to know about this server; read as `window.__APP_CONFIG__`. */
export interface ConsoleRuntime {
  /** §1 build variant (APP_VARIANT): full, or smtp for the transactional console only. */
  variant: 'full' | 'smtp';
  googleSignIn: boolean;
  mailCapture: boolean;
  /** The §6 restricted console profile (CONSOLE_PROFILE); absent when every console flag is on. */
  consoleProfile?: string;
}

/** index.html with the runtime config as an inline script, escaped so it cannot end the script. */
function pageWithRuntime(html: string, runtime: ConsoleRuntime): string {
  const json = JSON.stringify(runtime).replace(/</g, '\\u003c');
  return html.replace('</head>', `<script>window.__APP_CONFIG__ = ${json};</script></head>`);
}

/**
 * Serves the built console from `consoleDir` with the single-page-app fallback: a GET outside the
 * server prefixes for a path without a file extension, or that asks for HTML, answers index.html. Unknown API routes get
 * the console error envelope.
 */
export async function registerConsole(
  app: FastifyInstance,
  consoleDir: string,
  runtime: ConsoleRuntime,
  /** The sites origin, which the console may frame (security-headers.ts). */
  sitesUrl: string,
): Promise<void> {
  const indexFile = join(consoleDir, 'index.html');
  const embedDir = `${join(consoleDir, 'embed')}/`;
  const built = existsSync(indexFile);
  const page = built ? pageWithRuntime(readFileSync(indexFile, 'utf8'), runtime) : '';
  const setPagePolicy = consolePagePolicy(page, sitesUrl);
  if (built) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      index: false,
      // The build writes a .br and a .gz copy beside each text file: sent as they are, compressed once.
      preCompressed: true,
      setHeaders: (reply, sentPath) => {
        const path = sentPath.replace(/\.(br|gz)$/, '');
        if (alwaysRevalidate.has(basename(path))) reply.header('cache-control', 'no-cache');
        if (contentNamed.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        // Embeddable elements load on vendors' pages, as module scripts: fetched with CORS. Only
        // these files are open to other origins; they carry no data and use no credentials.
        if (path.startsWith(embedDir)) {
          reply.header('access-control-allow-origin', '*');
          reply.header('cross-origin-resource-policy', 'cross-origin');
        }
      },
    });
  } else {
    app.log.warn(`no console in ${consoleDir}: run \`npm run build\` to build it (the API works without it)`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A console route may end in what looks like an extension (/domain/sending/mail.example.com): a
    // browser navigating there asks for HTML; a missing script or image (`Accept: */*`) stays a 404.
    const asksForPage = !extname(path) || /\btext\/html\b/.test(request.headers.accept ?? '');
    const pageRequest =
      (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path) && asksForPage;
    if (!pageRequest) throw new DomainError('entityNotFound', `No route for ${request.method} ${path}`);
    if (!built) {
      return reply
        .code(404)
        .type('text/plain')
        .send('The console is not built yet: run `npm run build`, then reload.');
    }
    return sendPage(reply);
  });
  // The static plugin would answer the bare directory with 403; the console lives there.
  if (built) app.get('/', { schema: { hide: true } }, async (_request, reply) => sendPage(reply));

  async function sendPage(reply: FastifyReply) {
    setPagePolicy(reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  }
}
