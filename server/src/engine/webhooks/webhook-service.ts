import { randomBytes } from 'node:crypto';
import type { WebhookCreateBody, WebhookUpdateBody } from '@app/contract/engine/index';
import { EngineError } from '../../engine-error.ts';
import type { AddressPolicy } from '../../net/address-policy.ts';
import { messageEventTypes } from '../events/message-event.ts';
import { newSigningSecret } from './signing.ts';
import { TargetRefused } from './target-address.ts';
import type { HttpAnswer, WebhookHttp } from './webhook-http.ts';
import type { WebhookOutbox } from './webhook-outbox.ts';
import {
  type Destination,
  reservedHeaders,
  type SendResult,
  TokenFailure,
  type WebhookSender,
} from './webhook-sender.ts';
import type { Viewer, Webhook, WebhookSettings, WebhookStore } from './webhook-store.ts';

/** The test batch SparkPost sends on create, on a target change and to validate. */
export const testBatch = '[{"msys":{}}]';

const knownEventTypes: ReadonlySet<string> = new Set(messageEventTypes);
const standardPorts: Record<string, string> = { 'http:': '80', 'https:': '443' };

export interface WebhookServiceDeps {
  store: WebhookStore;
  outbox: WebhookOutbox;
  http: WebhookHttp;
  sender: WebhookSender;
  policy: AddressPolicy;
  /** A subaccount's status (undefined when the company has none such). */
  subaccountStatus(companyId: string, id: number): Promise<string | undefined>;
}

export type WebhookService = ReturnType<typeof createWebhookService>;

const invalid = (message: string) => new EngineError('invalidParams', message);

/** A failed test POST: SparkPost's headline, and what the target (or token URL) answered, when it did. */
const testFailed = (headline: string, description: string, answer?: HttpAnswer) =>
  new EngineError('invalidParams', description, {
    summary: headline,
    ...(answer
      ? { details: { response: { status: answer.status, headers: answer.headers, body: answer.body } } }
      : {}),
  });

/** Webhook management as SparkPost documents it: every change checked, and a target proven by a test POST. */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { store, outbox, http, sender, policy } = deps;

  async function owned(viewer: Viewer, id: string): Promise<Webhook> {
    const webhook = await store.get(viewer, id);
    if (!webhook) throw new EngineError('notFound', `Webhook '${id}' does not exist`);
    return webhook;
  }

  /**
   * An http(s) URL whose every address is public or allow-listed; a port other than 80/443 only
   * when every address is in WEBHOOK_ALLOWED_NETWORKS (SparkPost allows only the standard ports).
   */
  async function checkUrl(value: string, field: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw invalid(`${field} must be an http or https URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw invalid(`${field} must be an http or https URL`);
    if (url.username || url.password)
      throw invalid(`${field} must not hold credentials (use auth_type basic)`);
    let addresses: string[];
    try {
      addresses = await http.addressesOf(url);
    } catch (error) {
      if (error instanceof TargetRefused) throw invalid(`${field}: ${error.message}`);
      throw invalid(
        `${field}: the host could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    const port = url.port || standardPorts[url.protocol];
    if (
      port !== standardPorts[url.protocol] &&
      !addresses.every((address) => policy.isAllowListed(address))
    ) {
      throw invalid(`${field} must use port 80 for http or 443 for https`);
    }
  }

  function checkHeaders(headers: Readonly<Record<string, string>>): void {
    const reserved = Object.keys(headers).find((name) => reservedHeaders.has(name.toLowerCase()));
    if (reserved !== undefined) throw invalid(`custom_headers: ${reserved} is set by the webhook itself`);
  }

  function checkEvents(events: readonly string[]): void {
    const unknown = events.find((event) => !knownEventTypes.has(event));
    if (unknown !== undefined)
      throw invalid(`Invalid event type '${unknown}'; see GET /api/v1/webhooks/events/documentation`);
    if (new Set(events).size !== events.length) throw invalid('events must not have duplicate values');
  }

  /** The auth fields as they are kept for `authType` (the others cleared); refused when the required one is missing. */
  function authOf(
    authType: Webhook['authType'],
    details: Webhook['authRequestDetails'],
    credentials: Webhook['authCredentials'],
  ): Pick<WebhookSettings, 'authRequestDetails' | 'authCredentials'> {
    if (authType === 'basic') {
      if (!credentials) throw invalid('auth_credentials is required when auth_type is basic');
      return { authRequestDetails: null, authCredentials: credentials };
    }
    if (authType === 'oauth2') {
      if (!details) throw invalid('auth_request_details is required when auth_type is oauth2');
      return { authRequestDetails: details, authCredentials: null };
    }
    return { authRequestDetails: null, authCredentials: null };
  }

  /** POSTs the test batch: refused unless the target answers 2xx (and, with OAuth2, a token is given). */
  async function testPost(destination: Destination, target: string): Promise<SendResult> {
    try {
      const result = await sender.send(destination, target, randomBytes(16).toString('hex'), testBatch);
      if (result.answer.status < 200 || result.answer.status > 299) {
        throw testFailed(
          'Test POST to endpoint failed',
          `Test POST to ${target} was answered ${result.answer.status}`,
          result.answer,
        );
      }
      return result;
    } catch (error) {
      if (error instanceof EngineError) throw error;
      if (error instanceof TokenFailure) {
        throw testFailed('POST to webhook tokens URL failed', error.message, error.answer);
      }
      if (error instanceof TargetRefused) throw invalid(`target: ${error.message}`);
      throw testFailed(
        'Test POST to endpoint failed',
        `Test POST to ${target} failed: ${(error as Error).message}`,
      );
    }
  }

  /** Proves new settings with the test batch; returns the OAuth2 token to keep. */
  async function prove(
    settings: WebhookSettings,
    signingSecret: string,
  ): Promise<Pick<WebhookSettings, 'oauthToken' | 'oauthExpiresAt'>> {
    if (settings.authRequestDetails)
      await checkUrl(settings.authRequestDetails.url, 'auth_request_details.url');
    const { token } = await testPost({ ...settings, signingSecret }, settings.target);
    return token
      ? { oauthToken: token.value, oauthExpiresAt: token.expiresAt }
      : { oauthToken: settings.oauthToken, oauthExpiresAt: settings.oauthExpiresAt };
  }

  async function checkEventSource(
    viewer: Viewer,
    source: number,
    exceptions: readonly number[],
  ): Promise<void> {
    if (exceptions.length > 0 && source !== -1) {
      throw invalid(
        'exception_subaccounts is only available for webhooks with Primary and All Subaccounts event source',
      );
    }
    if (source > 0 && (await deps.subaccountStatus(viewer.companyId, source)) === undefined) {
      throw invalid(`Subaccount ${source} does not exist`);
    }
  }

  return {
    list: (viewer: Viewer) => store.list(viewer),
    get: owned,

    async create(viewer: Viewer, body: WebhookCreateBody): Promise<Webhook> {
      checkEvents(body.events);
      if (body.custom_headers) checkHeaders(body.custom_headers);
      await checkUrl(body.target, 'target');
      // The master's webhook gets every account's events; a subaccount's only its own.
      const eventSource = viewer.subaccountId === 0 ? -1 : viewer.subaccountId;
      const exceptions = body.exception_subaccounts ?? [];
      await checkEventSource(viewer, eventSource, exceptions);
      const settings: WebhookSettings = {
        eventSource,
        name: body.name,
        target: body.target,
        events: body.events,
        active: body.active,
        customHeaders: body.custom_headers ?? {},
        exceptionSubaccounts: exceptions,
        authType: body.auth_type,
        ...authOf(body.auth_type, body.auth_request_details ?? null, body.auth_credentials ?? null),
        authToken: body.auth_token ?? '',
        oauthToken: null,
        oauthExpiresAt: null,
      };
      const signingSecret = newSigningSecret();
      const token = await prove(settings, signingSecret);
      const created = await store.create(
        viewer.companyId,
        viewer.subaccountId,
        { ...settings, ...token },
        signingSecret,
      );
      if (!created)
        throw new EngineError('invalidParams', 'The account has as many webhooks as it may (100)');
      return created;
    },

    /** Fields left out keep their values; a new target (or new OAuth2 details) is proven by a test POST first. */
    async update(viewer: Viewer, id: string, body: WebhookUpdateBody): Promise<Webhook> {
      const current = await owned(viewer, id);
      if (body.events) checkEvents(body.events);
      if (body.custom_headers) checkHeaders(body.custom_headers);
      if (body.subaccount_id !== undefined && !viewer.isMaster) {
        throw invalid('subaccount_id can be changed by the primary account only');
      }
      const eventSource = body.subaccount_id ?? current.eventSource;
      const exceptions =
        body.exception_subaccounts ?? (eventSource === -1 ? current.exceptionSubaccounts : []);
      await checkEventSource(viewer, eventSource, exceptions);
      const authType = body.auth_type ?? current.authType;
      const authChanged =
        body.auth_type !== undefined ||
        body.auth_request_details !== undefined ||
        body.auth_credentials !== undefined;
      const settings: WebhookSettings = {
        eventSource,
        name: body.name ?? current.name,
        target: body.target ?? current.target,
        events: body.events ?? current.events,
        active: body.active ?? current.active,
        customHeaders: body.custom_headers ?? current.customHeaders,
        exceptionSubaccounts: exceptions,
        authType,
        ...authOf(
          authType,
          body.auth_request_details ?? current.authRequestDetails,
          body.auth_credentials ?? current.authCredentials,
        ),
        authToken: body.auth_token ?? current.authToken,
        oauthToken: authChanged ? null : current.oauthToken,
        oauthExpiresAt: authChanged ? null : current.oauthExpiresAt,
      };
      let token = {};
      if (body.target !== undefined && body.target !== current.target) {
        await checkUrl(settings.target, 'target');
        token = await prove(settings, current.signingSecret);
      } else if (authChanged && authType === 'oauth2') {
        token = await prove(settings, current.signingSecret);
      }
      const updated = await store.update(viewer, id, { ...settings, ...token });
      if (!updated) throw new EngineError('notFound', `Webhook '${id}' does not exist`);
      // An inactive webhook keeps nothing: made active again, it gets the events from then on.
      if (!updated.active) await outbox.purge(id);
      return updated;
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      if (!(await store.remove(viewer, id)))
        throw new EngineError('notFound', `Webhook '${id}' does not exist`);
      await outbox.purge(id);
    },

    /** POSTs the test batch to the webhook's target: its answer, refused when not 2xx. */
    async validate(viewer: Viewer, id: string): Promise<HttpAnswer> {
      const webhook = await owned(viewer, id);
      const { answer, token } = await testPost(webhook, webhook.target);
      if (token) await store.saveToken(webhook.id, token.value, token.expiresAt);
      return answer;
    },

    async batchStatus(viewer: Viewer, id: string, limit: number) {
      const webhook = await owned(viewer, id);
      return outbox.statuses(webhook.id, limit);
    },
  };
}
