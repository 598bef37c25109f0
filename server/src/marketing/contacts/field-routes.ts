import { envelope } from '@app/contract/common';
import {
  contactFieldSchema,
  contactFieldsAnswer,
  idParams,
  newFieldBody,
} from '@app/contract/marketing/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { FieldService } from './field-service.ts';

const tags = ['contacts'];

export interface FieldRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  fields: FieldService;
}

/** §7 /contacts/field: the contact fields, built-in and custom, with the console session. */
export function fieldRoutes(deps: FieldRouteDeps): FastifyPluginAsyncZod {
  const { guards, fields } = deps;
  const manage = [guards.full, requirePermission('contacts.manage')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.get(
      '/contacts/field',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            'The contact fields: the built-in ones (email, firstname, lastname, phone), then the custom ones',
          security: bearerSecurity,
          response: { 200: envelope(contactFieldsAnswer) },
        },
      },
      async (request) => ({ data: await fields.list(companyOf(request)) }),
    );

    app.post(
      '/contacts/field',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a custom field (text, number, date, boolean or choice) with its merge tag',
          description:
            "A tag used by another field, or a built-in one, answers contactTagUsed (§8 127); the plan's customFieldLimit applies.",
          security: bearerSecurity,
          body: newFieldBody,
          response: { 201: envelope(contactFieldSchema) },
        },
      },
      async (request, reply) => {
        const data = await fields.create(companyOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.delete(
      '/contacts/field/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "Delete a custom field and every contact's value of it",
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await fields.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );
  };
}
