import { envelope } from '@app/contract/common';
import { contactEmailBody, contactSchema, newContactBody } from '@app/contract/marketing/contacts';
import { subscriberSettingBody } from '@app/contract/marketing/subscriber-settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { SubscriptionService } from './subscription-service.ts';

const tags = ['contacts'];

/** §7 /contacts/subscribe, /unsubscribe, /resubscribe and the Subscriber Setting, with the console session. */
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

    app.get(
      '/contacts/subscriber-setting',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            "How the company's forms sign people up: double opt-in, the confirmation mail, the preference page",
          security: bearerSecurity,
          response: { 200: envelope(subscriberSettingBody) },
        },
      },
      async (request) => ({ data: await subscriptions.setting(companyOf(request)) }),
    );

    app.put(
      '/contacts/subscriber-setting',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Save the Subscriber Setting',
          security: bearerSecurity,
          body: subscriberSettingBody,
          response: { 200: envelope(subscriberSettingBody) },
        },
      },
      async (request) => ({ data: await subscriptions.saveSetting(companyOf(request), request.body) }),
    );
  };
}
