import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Directives = Record<string, string[]>;
type Headers = Record<string, string>;

/**
 * One policy for every answer: scripts and styles from this origin only (SystemJS loads each
 * System.register module with a `<script src>` from here, and fetches the import map), no framing,
 * no plugins. Styles may be inline: React's style props, the UI kit and Swagger UI set them.
 */
const directives: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  // Shoelace fetches its built-in icons from data: URLs; a data: URL never leaves the browser.
  'connect-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Images of https sites: the block editor shows the images a design links to (a vendor's logo,
  // YouTube's thumbnails) as mail clients will. An image runs nothing; scripts stay this origin's.
  'img-src': ["'self'", 'data:', 'https:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
};

/**
 * `framedSites`: the sites origin (SITES_URL), the only other origin the console frames: the form page
 * composer shows the form's hosted page as visitors see it.
 */
const csp = (scriptSources: string[], framedSites: string) => ({
  useDefaults: false,
  directives: {
    ...directives,
    'script-src': ["'self'", ...scriptSources],
    'frame-src': ["'self'", new URL(framedSites).origin],
  },
});

/**
 * The headers helmet sets with `options`, worked out once: helmet builds its middleware (and
 * serializes the CSP) each time it is asked, which cost a twentieth of a millisecond per request
 * when done per request, and the headers never change.
 */
function helmetHeaders(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** Answers pages of other origins use: the editor's API, the public forms, the file store, the engine-made images. */
const crossOriginPrefixes = ['/embed/v1/', '/embed/forms/', '/media/', '/generator/'];

/**
 * CSP, X-Frame-Options, X-Content-Type-Options, Referrer-Policy and the other helmet headers on
 * every answer. `no-referrer`: a reset or confirmation token in a page's URL never leaves in a
 * Referer header. HSTS only when the console is served over https.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string, sitesUrl: string): void {
  const everyAnswer = helmetHeaders({
    contentSecurityPolicy: csp([], sitesUrl),
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: publicUrl.startsWith('https:') ? { maxAge: 31_536_000 } : false,
  });
  const crossOrigin = { ...everyAnswer, 'cross-origin-resource-policy': 'cross-origin' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      crossOriginPrefixes.some((prefix) => request.url.startsWith(prefix)) ? crossOrigin : everyAnswer,
    );
    done();
  });
}

/**
 * Sets the console page's policy: the global one plus the SHA-256 of each inline script of the page
 * (the runtime config, the SystemJS start and the devtools switch), so no other inline script runs.
 * Only the bare `<script>` tags of our own index.html are inline; every other one has a `src`.
 */
export function consolePagePolicy(html: string, sitesUrl: string): (reply: FastifyReply) => void {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
  const { 'content-security-policy': policy = '' } = helmetHeaders({
    contentSecurityPolicy: csp(hashes, sitesUrl),
  });
  return (reply) => {
    reply.header('content-security-policy', policy);
  };
}
