import { envelope } from '@app/contract/common';
import {
  contactBulkDeleteBody,
  contactFindQuery,
  contactListAnswer,
  contactListQuery,
  contactPatchBody,
  contactSchema,
  contactTimeline,
  idParams,
  largeContactDelete,
  newContactBody,
} from '@app/contract/marketing/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { ContactService } from './contact-service.ts';

const tags = ['contacts'];

export interface ContactRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  contacts: ContactService;
}

/** §7 /contacts: the company's contacts, with the console session. */
export function contactRoutes(deps: ContactRouteDeps): FastifyPluginAsyncZod {
  const { guards, contacts } = deps;
  const manage = [guards.full, requirePermission('contacts.manage')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.get(
      '/contacts',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            "The company's contacts: page, size, search (email and names), status (comma-joined), label, segment, field and value, sort",
          security: bearerSecurity,
          querystring: contactListQuery,
          response: { 200: envelope(contactListAnswer) },
        },
      },
      async (request) => ({ data: await contacts.list(companyOf(request), request.query) }),
    );

    app.post(
      '/contacts',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a contact (subscribed), with custom field values by tag and label ids',
          description: "One contact an email address; the plan's contactLimit applies.",
          security: bearerSecurity,
          body: newContactBody,
          response: { 201: envelope(contactSchema) },
        },
      },
      async (request, reply) => {
        const data = await contacts.create(companyOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      '/contacts/find',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            'The contact with this email address, or the oldest whose field (by tag) holds the value (404 when none)',
          security: bearerSecurity,
          querystring: contactFindQuery,
          response: { 200: envelope(contactSchema) },
        },
      },
      async (request) => {
        const { email, field, value } = request.query;
        return {
          data: email
            ? await contacts.find(companyOf(request), email)
            : await contacts.findByField(companyOf(request), field ?? '', value ?? ''),
        };
      },
    );

    app.get(
      '/contacts/:id',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'One contact, with its field values and labels',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(contactSchema) },
        },
      },
      async (request) => ({ data: await contacts.get(companyOf(request), request.params.id) }),
    );

    app.patch(
      '/contacts/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change a contact: what the body names; null clears a value; labels become the given ones',
          security: bearerSecurity,
          params: idParams,
          body: contactPatchBody,
          response: { 200: envelope(contactSchema) },
        },
      },
      async (request) => ({
        data: await contacts.update(companyOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/contacts/:id',
      {
        onRequest: [guards.full, requirePermission('contacts.delete')],
        schema: {
          tags,
          summary: 'Delete a contact; its labels count one member less',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await contacts.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );

    app.post(
      '/contacts/delete',
      {
        onRequest: [guards.full, requirePermission('contacts.delete')],
        schema: {
          tags,
          summary: 'Delete the contacts named (ids), or every contact of a filter',
          description: `More than ${largeContactDelete} contacts at once only for a company with the large contact delete toggle.`,
          security: bearerSecurity,
          body: contactBulkDeleteBody,
          response: { 200: envelope(z.object({ deleted: z.number().int() })) },
        },
      },
      async (request) => ({ data: { deleted: await contacts.removeMany(companyOf(request), request.body) } }),
    );

    app.post(
      '/contacts/:id/erase',
      {
        onRequest: [guards.full, requirePermission('contacts.delete')],
        schema: {
          tags,
          summary: 'Erase a contact at its request: deleted, and its address never mailed again',
          description:
            'Only a hash of the address stays. The same address added or imported later comes in unsubscribed; its own resubscribe lifts that.',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await contacts.erase(companyOf(request), request.params.id);
        return { data: {} };
      },
    );

    app.get(
      '/contacts/:id/timeline',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            "What happened to the contact: the engine's events of mail to it, labels joined, when it came in",
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(contactTimeline) },
        },
      },
      async (request) => ({
        data: { items: await contacts.timeline(companyOf(request), request.params.id) },
      }),
    );

    app.get(
      '/contacts/:id/data',
      {
        onRequest: [guards.full, requirePermission('contacts.export')],
        schema: {
          tags,
          summary: "Everything kept about one contact, as a JSON file (a person's access request)",
          security: bearerSecurity,
          params: idParams,
        },
      },
      async (request, reply) => {
        const companyId = companyOf(request);
        const contact = await contacts.get(companyId, request.params.id);
        const timeline = await contacts.timeline(companyId, request.params.id);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', contentDisposition(`contact-${contact.id}.json`))
          .send(JSON.stringify({ contact, timeline }, null, 2));
      },
    );
  };
}
