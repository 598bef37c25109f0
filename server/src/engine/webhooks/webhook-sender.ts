import type { Clock } from '../../clock.ts';
import { signatureHeaders } from './signing.ts';
import type { HttpAnswer, WebhookHttp } from './webhook-http.ts';
import type { Webhook } from './webhook-store.ts';

/** What a POST needs of a webhook (a saved one, or the settings of one being created). */
export type Destination = Pick<
  Webhook,
  | 'customHeaders'
  | 'authType'
  | 'authRequestDetails'
  | 'authCredentials'
  | 'authToken'
  | 'oauthToken'
  | 'oauthExpiresAt'
  | 'signingSecret'
>;

export interface OAuthToken {
  value: string;
  expiresAt: Date;
}

/** The token URL did not give a token: its answer (or the network error) for the caller to show. */
export class TokenFailure extends Error {
  readonly answer: HttpAnswer | undefined;

  constructor(message: string, answer?: HttpAnswer) {
    super(message);
    this.name = 'TokenFailure';
    this.answer = answer;
  }
}

export interface SendResult {
  answer: HttpAnswer;
  /** A token fetched for this send, for the caller to keep. */
  token?: OAuthToken;
}

export const userAgent = 'MessageSystems-Webhooks/1.0 (mailplatform)';

/**
 * Headers a custom header may not set: they say what the batch is and who signs it. (Authorization
 * may be a custom header; auth_type basic or oauth2 replaces it.)
 */
export const reservedHeaders: ReadonlySet<string> = new Set([
  'connection',
  'content-length',
  'content-type',
  'host',
  'transfer-encoding',
  'user-agent',
  'webhook-id',
  'webhook-signature',
  'webhook-timestamp',
  'x-messagesystems-batch-id',
  'x-messagesystems-webhook-token',
]);

/** A token is renewed this long before it expires. */
const tokenMarginMs = 30_000;

const basicAuthorization = (username: string, password = '') =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** POSTs a batch (or a test batch) to a target as SparkPost does, signed with Standard Webhooks headers. */
export function createWebhookSender(http: WebhookHttp, clock: Clock) {
  async function fetchToken(destination: Destination): Promise<OAuthToken> {
    const details = destination.authRequestDetails;
    if (!details) throw new TokenFailure('auth_request_details is required for oauth2');
    let answer: HttpAnswer;
    try {
      answer = await http.post(new URL(details.url), new URLSearchParams(details.body).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        'user-agent': userAgent,
      });
    } catch (error) {
      throw new TokenFailure(`POST to webhook tokens URL failed: ${(error as Error).message}`);
    }
    if (answer.status < 200 || answer.status > 299) {
      throw new TokenFailure('POST to webhook tokens URL failed', answer);
    }
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      throw new TokenFailure('POST to webhook tokens URL failed: the answer is not JSON', answer);
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '') {
      throw new TokenFailure('POST to webhook tokens URL failed: the answer has no access_token', answer);
    }
    const expiresIn =
      typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : 3600;
    return { value: parsed.access_token, expiresAt: new Date(clock.now().getTime() + expiresIn * 1000) };
  }

  function headersFor(destination: Destination, batchId: string, body: string, token: string | undefined) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(destination.customHeaders)) {
      if (!reservedHeaders.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
    }
    Object.assign(headers, {
      'content-type': 'application/json',
      'user-agent': userAgent,
      'x-messagesystems-batch-id': batchId,
      ...signatureHeaders(destination.signingSecret, batchId, clock.now(), body),
    });
    if (destination.authToken) headers['x-messagesystems-webhook-token'] = destination.authToken;
    if (destination.authType === 'basic' && destination.authCredentials) {
      headers.authorization = basicAuthorization(
        destination.authCredentials.username,
        destination.authCredentials.password,
      );
    }
    if (destination.authType === 'oauth2' && token) headers.authorization = `Bearer ${token}`;
    return headers;
  }

  return {
    fetchToken,

    /**
     * One POST of `body` to `target`. With OAuth2, a kept token still valid is used, else one is
     * fetched; a 400 or 401 answer gets a fresh token and one more try. Throws TokenFailure, a
     * TargetRefused or the network error.
     */
    async send(destination: Destination, target: string, batchId: string, body: string): Promise<SendResult> {
      const url = new URL(target);
      if (destination.authType !== 'oauth2') {
        return { answer: await http.post(url, body, headersFor(destination, batchId, body, undefined)) };
      }
      const kept =
        destination.oauthToken &&
        destination.oauthExpiresAt &&
        destination.oauthExpiresAt.getTime() - tokenMarginMs > clock.now().getTime()
          ? destination.oauthToken
          : undefined;
      let token = kept ? undefined : await fetchToken(destination);
      const answer = await http.post(url, body, headersFor(destination, batchId, body, kept ?? token?.value));
      if (answer.status !== 400 && answer.status !== 401) return token ? { answer, token } : { answer };
      token = await fetchToken(destination);
      return {
        answer: await http.post(url, body, headersFor(destination, batchId, body, token.value)),
        token,
      };
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
