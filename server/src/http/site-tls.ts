import { createServer, type Server } from 'node:https';
import type { SecureContext } from 'node:tls';
import type { FastifyInstance } from 'fastify';

/**
 * The sites server over HTTPS (SITES_TLS_PORT): each custom domain's own certificate, picked by the
 * handshake's server name (SNI); a name without one gets no handshake. Requests go to the same
 * routes as the plain listener.
 */
export async function listenSitesTls(
  sites: FastifyInstance,
  options: { host: string; port: number; contextOf(servername: string): Promise<SecureContext | undefined> },
): Promise<Server> {
  await sites.ready();
  const server = createServer(
    {
      SNICallback: (servername, done) => {
        options.contextOf(servername).then(
          (context) => (context ? done(null, context) : done(new Error(`no certificate for ${servername}`))),
          (error: Error) => done(error),
        );
      },
    },
    (request, response) => sites.routing(request, response),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return server;
}
