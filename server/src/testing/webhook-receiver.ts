import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers a POST: a status and a body (JSON when an object); status 0 drops the connection. */
export type Responder = (post: ReceivedPost) => { status: number; body?: unknown };

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  posts: ReceivedPost[];
  /** Replaces how the receiver answers (200 "OK" by default). */
  respond(responder: Responder): void;
  close(): Promise<void>;
}

/** A loopback HTTP server that records every request and answers as told. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let responder: Responder = () => ({ status: 200, body: 'OK' });
  const posts: ReceivedPost[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const post = {
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      posts.push(post);
      const { status, body } = responder(post);
      if (status === 0) {
        request.socket.destroy();
        return;
      }
      const text = typeof body === 'string' || body === undefined ? (body ?? '') : JSON.stringify(body);
      response.writeHead(status, {
        'content-type': typeof body === 'object' ? 'application/json' : 'text/plain',
      });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    posts,
    respond: (next) => {
      responder = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
