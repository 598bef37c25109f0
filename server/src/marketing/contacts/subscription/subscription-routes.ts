import { envelope } from '@app/contract/common';
import { contactEmailBody, contactSchema, newContactBody } from '@app/contract/marketing/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { SubscriptionService } from './subscription-service.ts';

const tags = ['contacts'];

/** §7 /contacts/subscribe, /unsubscribe, /resubscribe, with the console session. */
export function subscriptionRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  subscriptions: SubscriptionService;
}): FastifyPluginAsyncZod {
  const { guards, subscriptions } = deps;
  const manage = [guards.full, requirePermission('contacts.manage')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.post(
      '/contacts/subscribe',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a subscribed contact, or answer the one there is unchanged',
          description:
            'An address on the marketing suppression list comes in unsubscribed; only /contacts/resubscribe changes an unsubscribed contact.',
          security: bearerSecurity,
          body: newContactBody,
          response: { 200: envelope(contactSchema) },
        },
      },
      async (request) => ({ data: await subscriptions.subscribe(companyOf(request), request.body) }),
    );

    app.post(
      '/contacts/unsubscribe',
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            "Unsubscribe a contact: its address goes on the engine's non-transactional suppression list",
          security: bearerSecurity,
          body: contactEmailBody,
          response: { 200: envelope(contactSchema) },
        },
      },
      async (request) => ({ data: await subscriptions.unsubscribe(companyOf(request), request.body.email) }),
    );

    app.post(
      '/contacts/resubscribe',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Resubscribe a contact: its marketing suppression is lifted',
          description:
            'Refused (state) for a contact who complained, and for a compliance entry, which stays.',
          security: bearerSecurity,
          body: contactEmailBody,
          response: { 200: envelope(contactSchema) },
        },
      },
      async (request) => ({ data: await subscriptions.resubscribe(companyOf(request), request.body.email) }),
    );
  };
}
