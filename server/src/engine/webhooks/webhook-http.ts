import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIPv6 } from 'node:net';
import type { AddressPolicy } from '../../net/address-policy.ts';
import { bareHost, checkedAddresses, TargetRefused } from './target-address.ts';

/** What a target answered: status, headers and the start of the body (as the validate route shows it). */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  latencyMs: number;
}

export interface WebhookHttpOptions {
  /** A host name's addresses (the configured DNS resolvers). */
  resolve: (host: string) => Promise<string[]>;
  policy: AddressPolicy;
  /** SparkPost gives a target 10 seconds. */
  timeoutMs?: number;
}

export type WebhookHttp = ReturnType<typeof createWebhookHttp>;

/** Bodies of answers are kept up to this size (the rest is read and dropped). */
const maxAnswerBody = 64 * 1024;

/** A `lookup` that hands the socket the addresses already checked, so the name is never resolved twice. */
function fixedLookup(addresses: readonly string[]) {
  const entries: LookupAddress[] = addresses.map((address) => ({ address, family: isIPv6(address) ? 6 : 4 }));
  return (
    _hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family ? entries.filter((entry) => entry.family === family) : entries;
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no address of the requested family'), { code: 'ENOTFOUND' }), []);
    } else if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

function headersOf(message: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/**
 * POSTs to webhook targets and token URLs: http(s) only, every address of the host checked against
 * the policy before connecting (and only those addresses used), redirects not followed, one
 * deadline for the whole exchange. Throws TargetRefused before any connection, or the network error.
 */
export function createWebhookHttp(options: WebhookHttpOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 4 }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 4 }),
  };
  return {
    /** The checked addresses of `url`'s host (for create-time checks). */
    addressesOf(url: URL): Promise<string[]> {
      return checkedAddresses(bareHost(url), options.resolve, options.policy);
    },

    async post(url: URL, body: string, headers: Record<string, string>): Promise<HttpAnswer> {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new TargetRefused('private', `${url.protocol} is not http or https`);
      }
      const addresses = await checkedAddresses(bareHost(url), options.resolve, options.policy);
      const started = performance.now();
      const transport = url.protocol === 'https:' ? https : http;
      return await new Promise<HttpAnswer>((resolve, reject) => {
        const request = transport.request(
          url,
          {
            method: 'POST',
            agent: agents[url.protocol as 'http:' | 'https:'],
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            lookup: fixedLookup(addresses),
            // An address literal skips lookup: it was checked above.
            host: bareHost(url),
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              if (size < maxAnswerBody) chunks.push(chunk.subarray(0, maxAnswerBody - size));
              size += chunk.length;
            });
            response.on('end', () => {
              clearTimeout(timer);
              resolve({
                status: response.statusCode ?? 0,
                headers: headersOf(response),
                body: Buffer.concat(chunks).toString('utf8'),
                latencyMs: Math.round(performance.now() - started),
              });
            });
            response.on('error', reject);
          },
        );
        const timer = setTimeout(
          () =>
            request.destroy(
              Object.assign(new Error(`no answer within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' }),
            ),
          timeoutMs,
        );
        request.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        request.end(body);
      });
    },

    close(): void {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
