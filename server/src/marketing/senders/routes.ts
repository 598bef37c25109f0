import { envelope } from '@app/contract/common';
import {
  newSenderBody,
  senderDomainsAnswer,
  senderIdParams,
  senderListAnswer,
  senderListQuery,
  senderSchema,
  senderSuggestionAnswer,
  senderUsageAnswer,
  senderValidatedAnswer,
  validateSenderBody,
} from '@app/contract/marketing/senders';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { SenderService } from './sender-service.ts';

const tags = ['senders'];

export interface SenderRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  senders: SenderService;
}

/** §7 /senders: the company's marketing senders, with the console session; validate is public. */
export function senderRoutes(deps: SenderRouteDeps): FastifyPluginAsyncZod {
  const { guards, senders } = deps;
  const manage = [guards.full, requirePermission('senders.manage')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.get(
      '/senders',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            "The company's senders: page, size, search (address and name), status validated,pending, sort",
          security: bearerSecurity,
          querystring: senderListQuery,
          response: { 200: envelope(senderListAnswer) },
        },
      },
      async (request) => ({ data: await senders.list(companyOf(request), request.query) }),
    );

    app.post(
      '/senders',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a sender and mail its address a confirmation link (valid 7 days)',
          description:
            'The address must be at one of the verified sending domains (or a subdomain), with SPF verified, ' +
            'not at a free mail provider; the plan limits the senders and their domains.',
          security: bearerSecurity,
          body: newSenderBody,
          response: { 201: envelope(senderSchema) },
        },
      },
      async (request, reply) => {
        const data = await senders.create(companyOf(request), request.body, request.log);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/senders/domain',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's sending domains, with whether each is verified and its SPF too",
          security: bearerSecurity,
          response: { 200: envelope(senderDomainsAnswer) },
        },
      },
      async (request) => ({ data: await senders.domains(companyOf(request)) }),
    );

    app.get(
      '/senders/suggestion/:id',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "Whether the sender's domain is usable now; if not, why and addresses that would be",
          security: bearerSecurity,
          params: senderIdParams,
          response: { 200: envelope(senderSuggestionAnswer) },
        },
      },
      async (request) => ({ data: await senders.suggestion(companyOf(request), request.params.id) }),
    );

    app.get(
      '/senders/:id/usage',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'What uses the sender (campaigns, automations, forms), asked before a delete',
          security: bearerSecurity,
          params: senderIdParams,
          response: { 200: envelope(senderUsageAnswer) },
        },
      },
      async (request) => ({ data: await senders.usage(companyOf(request), request.params.id) }),
    );

    app.post(
      '/senders/:id/revalidate',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Mail a new confirmation link; the previous one stops working',
          security: bearerSecurity,
          params: senderIdParams,
          response: { 200: envelope(senderSchema) },
        },
      },
      async (request) => ({ data: await senders.revalidate(companyOf(request), request.params.id) }),
    );

    app.post(
      '/senders/:id/validate',
      {
        schema: {
          tags,
          summary: 'Confirm a sender address with the token of its mailed link (no session)',
          description:
            'Works once: a used link answers 410 linkUsed; a wrong, replaced or expired token 400 validation.',
          params: senderIdParams,
          body: validateSenderBody,
          response: { 200: envelope(senderValidatedAnswer) },
        },
      },
      async (request) => ({ data: await senders.validate(request.params.id, request.body.token) }),
    );

    app.post(
      '/senders/:id/default',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "Make a validated sender the company's default",
          security: bearerSecurity,
          params: senderIdParams,
          response: { 200: envelope(senderSchema) },
        },
      },
      async (request) => ({ data: await senders.makeDefault(companyOf(request), request.params.id) }),
    );

    app.delete(
      '/senders/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Remove a sender; when it was the default, the oldest validated one becomes the default',
          security: bearerSecurity,
          params: senderIdParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await senders.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );
  };
}
