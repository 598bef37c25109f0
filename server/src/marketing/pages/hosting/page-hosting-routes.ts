import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { popupMarker } from '../../../content/email-designs/render/popup-row.ts';
import type { VisitRecorder } from '../visits/visit-recorder.ts';
import { chatButtons, hasChats } from './chat-buttons.ts';
import { disqusLoader } from './disqus-loader.ts';
import { pixelLoader } from './pixel-loader.ts';
import { popupLoader } from './popup-loader.ts';
import type { SiteLookup, SitePage } from './site-lookup.ts';
import { hasPixels, sitePolicy } from './site-policy.ts';

/** A short version of the pixels' settings: a change makes browsers fetch the page again. */
const versionOf = (pixels: object) =>
  createHash('sha256').update(JSON.stringify(pixels)).digest('base64url').slice(0, 8);

/** Browsers and crawlers that are not people: their views are not counted. */
const robots = /bot|crawl|spider|slurp|lighthouse/i;
/**
 * The sites' own scripts `srcs` (loaders of pixels, comments, popups) in the document's head, deferred:
 * they run once the page is parsed, so a script the browser has cached still finds the popups and the
 * comment thread (an async one ran before the body was read, and found none).
 */
const withScripts = (html: string, srcs: readonly string[]) =>
  srcs.length === 0
    ? html
    : html.replace('</head>', `${srcs.map((src) => `<script src="${src}" defer></script>`).join('')}</head>`);

const plainNotFound =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Page not found</title></head><body style="font-family:system-ui,sans-serif;padding:3rem;text-align:center"><h1>Page not found</h1><p>There is no page at this address.</p></body></html>';

/**
 * A company's published pages on the sites origin: `/{slug}/{permalink}` (`/{slug}` its default page)
 * and, on a verified custom domain (by the Host header), `/{permalink}` and `/`. An unknown address
 * shows the company's default 404 page, with status 404. Each answer carries an ETag of the publish,
 * so a browser revalidates for a 304; each view of a person (not a HEAD, not a robot) is counted.
 */
export function pageHostingRoutes(deps: {
  lookup: SiteLookup;
  visits: VisitRecorder;
  /** The sites origin's own host names (their pages are found by slug); others are custom domains. */
  ownHosts: ReadonlySet<string>;
  sharedDocument(token: string): Promise<string | undefined>;
  /** The HTML of a published page's Code block, by the id its frame asks for. */
  codeSnippet(id: string): Promise<string | undefined>;
  /** The key authorization an ACME server asks for at /.well-known/acme-challenge/{token}. */
  challengeAnswer(token: string): Promise<string | undefined>;
}): FastifyPluginAsync {
  const { lookup, visits } = deps;

  const send = async (request: FastifyRequest, reply: FastifyReply, page: SitePage, status: number) => {
    const pixels = await lookup.pixels(page.company_id);
    const withPixels = hasPixels(pixels);
    const withChats = hasChats(pixels);
    const etag = `"p${page.id}-${page.published_at.getTime()}${withPixels || withChats ? `-${versionOf(pixels)}` : ''}"`;
    const agent = request.headers['user-agent'] ?? '';
    if (request.method === 'GET' && !robots.test(agent))
      visits.record(page.id, { ip: request.ip, userAgent: agent });
    const withComments = page.comments;
    reply.header('etag', etag).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (withPixels || withComments) {
      reply.header(
        'content-security-policy',
        sitePolicy(withPixels ? pixels : undefined, { disqus: withComments }),
      );
    }
    if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
    const withLoaders = withScripts(page.published_html, [
      ...(withPixels ? [`/embed/pixels/${page.id}.js`] : []),
      ...(withComments ? ['/embed/disqus.js'] : []),
      ...(page.popup ? ['/embed/popup.js'] : []),
    ]);
    const end = withLoaders.lastIndexOf('</body>');
    const html =
      withChats && end >= 0
        ? `${withLoaders.slice(0, end)}${chatButtons(pixels)}${withLoaders.slice(end)}`
        : withLoaders;
    return reply.code(status).send(html);
  };

  const answer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    companyId: string | undefined,
    permalink: string,
  ) => {
    const result = companyId ? await lookup.page(lookup.key(companyId, permalink)) : {};
    if (result.found) return send(request, reply, result.found, 200);
    if (result.missing) return send(request, reply, result.missing, 404);
    return reply.code(404).type('text/html; charset=utf-8').send(plainNotFound);
  };

  const hostOf = (request: FastifyRequest) => request.hostname.replace(/:\d+$/, '').toLowerCase();

  return async (app) => {
    app.get('/share/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const html = /^[A-Za-z0-9_-]{10,40}$/.test(token) ? await deps.sharedDocument(token) : undefined;
      if (!html) return reply.code(404).type('text/html; charset=utf-8').send(plainNotFound);
      // A shared draft's popups open as on the published page.
      const shown = withScripts(html, html.includes(popupMarker) ? ['/embed/popup.js'] : []);
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(shown);
    });

    // A Code block's HTML, in its page's sandboxed frame. Sandboxed again by its own policy, so that
    // opened on its own it still runs apart from the sites' origin; what it loads is its own choice.
    app.get('/embed/code/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const html = await deps.codeSnippet(id);
      if (html === undefined) {
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><meta charset="utf-8"><p style="font-family:system-ui,sans-serif">This code runs on the published page.</p>',
          );
      }
      return reply
        .header(
          'content-security-policy',
          "sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox; frame-ancestors 'self'",
        )
        .header('cache-control', 'public, max-age=300')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">${html}</body></html>`,
        );
    });

    app.get('/.well-known/acme-challenge/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const answer = /^[A-Za-z0-9_-]{1,128}$/.test(token) ? await deps.challengeAnswer(token) : undefined;
      if (!answer) return reply.code(404).type('text/plain').send('Not found');
      return reply.type('text/plain').send(answer);
    });

    app.get('/embed/pixels/:file', async (request, reply) => {
      const { file } = request.params as { file: string };
      const pageId = /^(\d{1,18})\.js$/.exec(file)?.[1];
      const companyId = pageId ? await lookup.companyOfPage(pageId) : undefined;
      const pixels = companyId ? await lookup.pixels(companyId) : undefined;
      if (!hasPixels(pixels)) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=60')
        .send(pixelLoader(pixels));
    });

    for (const [path, script] of [
      ['/embed/disqus.js', disqusLoader],
      ['/embed/popup.js', popupLoader],
    ] as const) {
      app.get(path, async (_request, reply) =>
        reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .send(script),
      );
    }

    app.get('/robots.txt', async (request, reply) => {
      reply.type('text/plain; charset=utf-8');
      return deps.ownHosts.has(hostOf(request))
        ? 'User-agent: *\nDisallow: /share/\n'
        : 'User-agent: *\nAllow: /\n';
    });

    app.get('/*', async (request, reply) => {
      const path = (request.params as { '*': string })['*'] ?? '';
      let segments: string[];
      try {
        segments = path
          .split('/')
          .filter(Boolean)
          .map((segment) => decodeURIComponent(segment).toLowerCase());
      } catch {
        return answer(request, reply, undefined, '');
      }
      const host = hostOf(request);
      if (!deps.ownHosts.has(host)) {
        const companyId = await lookup.companyOfHost(host);
        if (!companyId || segments.length > 1) return answer(request, reply, companyId, '\u0001');
        return answer(request, reply, companyId, segments[0] ?? '');
      }
      const [slug, permalink = '', ...rest] = segments;
      const companyId = slug && rest.length === 0 ? await lookup.companyOfSlug(slug) : undefined;
      return answer(request, reply, companyId, permalink);
    });
  };
}
