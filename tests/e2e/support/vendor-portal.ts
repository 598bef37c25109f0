import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { resolve } from 'node:path';

/**
 * A vendor's own web site on another origin (tests/fixtures/vendor-portal/index.html): its page
 * embeds `<email-editor>` with an embed token the vendor's server minted, and "Send" posts to the
 * vendor's server, which sends the template through the engine with the vendor's API key (the key
 * never reaches the browser).
 */
export interface VendorPortal {
  url: string;
  close(): Promise<void>;
}

export interface VendorPortalOptions {
  /** The engine's origin (PUBLIC_URL). */
  engine: string;
  token: string;
  templateId: string;
  /** What "Send" does on the vendor's server: the engine's answer's status and body. */
  send(): Promise<{ status: number; body: string }>;
}

const page = readFileSync(resolve(import.meta.dirname, '../../fixtures/vendor-portal/index.html'), 'utf8');

export async function startVendorPortal(options: VendorPortalOptions): Promise<VendorPortal> {
  const html = page
    .replaceAll('__ENGINE__', options.engine)
    .replaceAll('__TOKEN__', options.token)
    .replaceAll('__TEMPLATE_ID__', options.templateId);
  const server: Server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/send') {
      options.send().then(
        ({ status, body }) => response.writeHead(status, { 'content-type': 'text/plain' }).end(body),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
