import { contactMessageListData, contactMessageSchema, contactUsBody, envelope } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { ContactService } from './contact-messages.ts';

export interface ContactRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  contact: ContactService;
}

/** §3 and §7 contact-us save: the console's message to the operator. */
export function contactRoutes(deps: ContactRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact-us',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['support'],
          summary: 'Send a message to the operator (stored, then mailed to the support address)',
          description: 'At most 5 messages per user per hour (429 tooManyAttempts past that).',
          security: bearerSecurity,
          body: contactUsBody,
          response: { 201: envelope(contactMessageSchema) },
        },
      },
      async (request, reply) => {
        const { companyId, userId } = sessionOf(request);
        const data = await deps.contact.send({ companyId, userId }, request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/contact-us',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['support'],
          summary: "The company's latest contact-us messages, newest first",
          security: bearerSecurity,
          response: { 200: envelope(contactMessageListData) },
        },
      },
      async (request) => ({ data: { items: await deps.contact.list(sessionOf(request).companyId) } }),
    );
  };
}
