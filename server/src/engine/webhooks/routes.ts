import { resourceIdParams } from '@app/contract/engine/common';
import {
  results,
  type WebhookView,
  webhookBatchStatus,
  webhookBatchStatusQuery,
  webhookCreateBody,
  webhookCreated,
  webhookSamplesQuery,
  webhookUpdateBody,
  webhookValidateResult,
  webhookView,
} from '@app/contract/engine/index';
import { webhookTimezoneQuery, webhookUpdated } from '@app/contract/engine/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { hasGrant, principalOf, requireGrant } from '../../http/principal.ts';
import { badRequestOnInvalid, sparkpostError } from '../../http/sparkpost-errors.ts';
import type { Principal } from '../../principal.ts';
import { eventDocumentation, sampleEvent } from '../events/event-catalog.ts';
import { type MessageEventType, messageEventTypes } from '../events/message-event.ts';
import { envelopeOf } from './webhook-outbox.ts';
import type { WebhookService } from './webhook-service.ts';
import type { Viewer, Webhook } from './webhook-store.ts';

const tags = ['webhooks'];
const modify = requireGrant('webhooks/modify');
const view = requireGrant('webhooks/view');

const viewerOf = (principal: Principal): Viewer => ({
  companyId: principal.companyId,
  subaccountId: principal.subaccountId,
  isMaster: principal.isMaster,
});

const webhookLink = (id: string) => ({
  href: `/api/v1/webhooks/${id}`,
  rel: 'urn.msys.webhooks.webhook',
  method: ['GET', 'PUT'],
});
const validateLink = (id: string) => ({
  href: `/api/v1/webhooks/${id}/validate`,
  rel: 'urn.msys.webhooks.validate',
  method: ['POST'],
});
const batchesLink = (id: string) => ({
  href: `/api/v1/webhooks/${id}/batch-status`,
  rel: 'urn.msys.webhooks.batches',
  method: ['GET'],
});

/** `YYYY-MM-DD HH:MM:SS` in `timezone`, as SparkPost shows last_successful and last_failure. */
function timeIn(timezone: string): (date: Date) => string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  } catch {
    throw sparkpostError(400, 'invalid params', '1300', `timezone: '${timezone}' is not a known time zone`);
  }
  return (date) => format.format(date);
}

/**
 * A webhook as SparkPost serves it, to a caller who `mayModify` it: one webhook (`full`) with its credentials
 * (the basic password, the OAuth2 client secret and access token) and our signing secret, a list without
 * them. A caller who may only view never sees a credential the webhook sends: no password, client secret,
 * access token, auth_token or custom header values.
 */
function viewOf(
  webhook: Webhook,
  formatTime: (date: Date) => string,
  { full, mayModify, now }: { full: boolean; mayModify: boolean; now: Date },
): WebhookView {
  const withSecrets = full && mayModify;
  const auth = (): Pick<WebhookView, 'auth_request_details' | 'auth_credentials'> => {
    if (webhook.authType === 'basic' && webhook.authCredentials) {
      const { username, password } = webhook.authCredentials;
      return {
        auth_request_details: {},
        auth_credentials: withSecrets && password !== undefined ? { username, password } : { username },
      };
    }
    if (webhook.authType === 'oauth2' && webhook.authRequestDetails) {
      const { url, body } = webhook.authRequestDetails;
      const { client_secret: _secret, ...publicBody } = body;
      return {
        auth_request_details: { url, body: withSecrets ? body : publicBody },
        auth_credentials:
          withSecrets && webhook.oauthToken && webhook.oauthExpiresAt
            ? {
                access_token: webhook.oauthToken,
                expires_in: Math.max(
                  0,
                  Math.round((webhook.oauthExpiresAt.getTime() - now.getTime()) / 1000),
                ),
              }
            : {},
      };
    }
    return { auth_request_details: {}, auth_credentials: {} };
  };
  return {
    id: webhook.id,
    name: webhook.name,
    target: webhook.target,
    events: webhook.events,
    active: webhook.active,
    ...(mayModify ? { custom_headers: webhook.customHeaders } : {}),
    ...(webhook.eventSource === -1
      ? { exception_subaccounts: webhook.exceptionSubaccounts.map(String) }
      : {}),
    ...(webhook.eventSource !== -1 ? { subaccount_id: webhook.eventSource } : {}),
    auth_type: webhook.authType,
    ...auth(),
    ...(mayModify ? { auth_token: webhook.authToken } : {}),
    ...(webhook.lastSuccessful ? { last_successful: formatTime(webhook.lastSuccessful) } : {}),
    ...(webhook.lastFailure ? { last_failure: formatTime(webhook.lastFailure) } : {}),
    ...(withSecrets ? { signing_secret: webhook.signingSecret } : {}),
    links: full ? [validateLink(webhook.id), batchesLink(webhook.id)] : [webhookLink(webhook.id)],
  };
}

/** Event types from a comma-separated list (all when absent); an unknown type is refused by name. */
function requestedTypes(events: string | undefined): MessageEventType[] {
  if (!events) return [...messageEventTypes];
  return events.split(',').map((value) => {
    const type = messageEventTypes.find((known) => known === value.trim());
    if (!type) throw sparkpostError(400, 'invalid params', '1300', `events: '${value}' is not an event type`);
    return type;
  });
}

const displayName = (type: string) => type.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** The catalog's documentation grouped by envelope key, as SparkPost's events documentation is. */
function documentation() {
  const groups: Record<string, { display_name: string; events: Record<string, unknown> }> = {};
  for (const type of messageEventTypes) {
    const key = Object.keys(envelopeOf(type, {}).msys)[0] ?? 'message_event';
    groups[key] ??= { display_name: displayName(key), events: {} };
    groups[key].events[type] = { display_name: displayName(type), event: eventDocumentation(type) };
  }
  return groups;
}

/** `/api/v1/webhooks`, as SparkPost's webhooks.apib documents it (plus the Standard Webhooks signing secret). */
export function webhookRoutes({
  webhooks,
  clock,
}: {
  webhooks: WebhookService;
  clock: Clock;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webhooks/events/documentation',
      {
        onRequest: view,
        schema: {
          tags,
          summary: 'Per envelope (message_event, track_event...): its event types and their fields',
          response: { 200: results(z.record(z.string(), z.unknown())) },
        },
      },
      async () => ({ results: documentation() }),
    );

    app.get(
      '/webhooks/events/samples',
      {
        onRequest: view,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'A sample batch as a webhook receives it, for the requested event types (all by default)',
          querystring: webhookSamplesQuery,
          response: { 200: results(z.array(z.record(z.string(), z.unknown()))) },
        },
      },
      async (request) => ({
        results: requestedTypes(request.query.events).map((type) => envelopeOf(type, sampleEvent(type))),
      }),
    );

    app.post(
      '/webhooks',
      {
        onRequest: modify,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'Create a webhook: its target must answer a test POST with 2xx',
          body: webhookCreateBody,
          response: { 200: results(webhookCreated) },
        },
      },
      async (request) => {
        const webhook = await webhooks.create(viewerOf(principalOf(request)), request.body);
        return {
          results: {
            id: webhook.id,
            signing_secret: webhook.signingSecret,
            links: [webhookLink(webhook.id)],
          },
        };
      },
    );

    app.get(
      '/webhooks',
      {
        onRequest: view,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary:
            "The account's webhooks (the master's: every account's), without their secrets; custom_headers and " +
            'auth_token only to callers holding webhooks/modify',
          querystring: webhookTimezoneQuery,
          response: { 200: results(z.array(webhookView)) },
        },
      },
      async (request) => {
        const formatTime = timeIn(request.query.timezone ?? 'UTC');
        const principal = principalOf(request);
        const list = await webhooks.list(viewerOf(principal));
        const how = { full: false, mayModify: hasGrant(principal, 'webhooks/modify'), now: clock.now() };
        return { results: list.map((webhook) => viewOf(webhook, formatTime, how)) };
      },
    );

    app.get(
      '/webhooks/:id',
      {
        onRequest: view,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary:
            'One webhook; its credentials, custom headers and signing secret only to callers holding webhooks/modify',
          params: resourceIdParams,
          querystring: webhookTimezoneQuery,
          response: { 200: results(webhookView) },
        },
      },
      async (request) => {
        const formatTime = timeIn(request.query.timezone ?? 'UTC');
        const principal = principalOf(request);
        const webhook = await webhooks.get(viewerOf(principal), request.params.id);
        const how = { full: true, mayModify: hasGrant(principal, 'webhooks/modify'), now: clock.now() };
        return { results: viewOf(webhook, formatTime, how) };
      },
    );

    app.put(
      '/webhooks/:id',
      {
        onRequest: modify,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'Change a webhook; a new target must answer a test POST with 2xx',
          params: resourceIdParams,
          body: webhookUpdateBody,
          response: { 200: results(webhookUpdated) },
        },
      },
      async (request) => {
        const webhook = await webhooks.update(
          viewerOf(principalOf(request)),
          request.params.id,
          request.body,
        );
        return { results: { id: webhook.id, links: [validateLink(webhook.id)] } };
      },
    );

    app.delete(
      '/webhooks/:id',
      {
        onRequest: modify,
        schema: {
          tags,
          summary: 'Delete a webhook with the batches waiting for it',
          params: resourceIdParams,
        },
      },
      async (request, reply) => {
        await webhooks.remove(viewerOf(principalOf(request)), request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/webhooks/:id/validate',
      {
        onRequest: modify,
        schema: {
          tags,
          summary: 'POST a test batch ([{"msys":{}}]) to the target and show its answer',
          params: resourceIdParams,
          response: { 200: results(webhookValidateResult) },
        },
      },
      async (request) => {
        const answer = await webhooks.validate(viewerOf(principalOf(request)), request.params.id);
        const { status, headers, body } = answer;
        return { results: { msg: 'Test POST to endpoint succeeded', response: { status, headers, body } } };
      },
    );

    app.get(
      '/webhooks/:id/batch-status',
      {
        onRequest: view,
        config: badRequestOnInvalid,
        schema: {
          tags,
          summary: 'The batches of the last 24 hours that were attempted, newest first',
          params: resourceIdParams,
          querystring: webhookBatchStatusQuery,
          response: { 200: results(z.array(webhookBatchStatus)) },
        },
      },
      async (request) => {
        const statuses = await webhooks.batchStatus(
          viewerOf(principalOf(request)),
          request.params.id,
          request.query.limit,
        );
        return {
          results: statuses.map((status) => ({
            batch_id: status.batchId,
            webhook_id: status.webhookId,
            ts: status.createdAt.toISOString(),
            batch_size: status.size,
            attempts: status.attempts,
            ...(status.responseCode !== null ? { response_code: String(status.responseCode) } : {}),
            ...(status.failureCode !== null ? { failure_code: String(status.failureCode) } : {}),
            ...(status.latency !== null ? { latency: status.latency } : {}),
            state: status.state,
            ...(status.nextAttemptAt ? { next_attempt: status.nextAttemptAt.toISOString() } : {}),
          })),
        };
      },
    );
  };
}
