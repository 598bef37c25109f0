import { envelope } from '@app/contract/common';
import {
  idParams,
  labelListAnswer,
  labelListQuery,
  labelMembersBody,
  labelSchema,
  newLabelBody,
} from '@app/contract/marketing/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { LabelService } from './label-service.ts';

const tags = ['contacts'];

export interface LabelRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  labels: LabelService;
}

/** §7 /contacts/label: the company's contact labels and their members, with the console session. */
export function labelRoutes(deps: LabelRouteDeps): FastifyPluginAsyncZod {
  const { guards, labels } = deps;
  const manage = [guards.full, requirePermission('labels.manage')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.get(
      '/contacts/label',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's labels with their member counts: page, size, search (name), sort",
          security: bearerSecurity,
          querystring: labelListQuery,
          response: { 200: envelope(labelListAnswer) },
        },
      },
      async (request) => ({ data: await labels.list(companyOf(request), request.query) }),
    );

    app.post(
      '/contacts/label',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a label (its name unique in the company, whatever the case)',
          security: bearerSecurity,
          body: newLabelBody,
          response: { 201: envelope(labelSchema) },
        },
      },
      async (request, reply) => {
        const data = await labels.create(companyOf(request), request.body);
        return reply.code(201).send({ data });
      },
    );

    app.patch(
      '/contacts/label/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Rename a label',
          security: bearerSecurity,
          params: idParams,
          body: newLabelBody,
          response: { 200: envelope(labelSchema) },
        },
      },
      async (request) => ({
        data: await labels.rename(companyOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/contacts/label/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete a label (its contacts stay)',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await labels.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );

    const members = (summary: string) => ({
      onRequest: manage,
      schema: {
        tags,
        summary,
        security: bearerSecurity,
        params: idParams,
        body: labelMembersBody,
        response: { 200: envelope(labelSchema) },
      },
    });

    app.post(
      '/contacts/label/:id/members',
      members(
        'Put contacts in the label (those in it already, and ids of no contact of the company, change nothing)',
      ),
      async (request) => ({
        data: await labels.addMembers(companyOf(request), request.params.id, request.body.contactIds),
      }),
    );

    app.delete('/contacts/label/:id/members', members('Take contacts out of the label'), async (request) => ({
      data: await labels.removeMembers(companyOf(request), request.params.id, request.body.contactIds),
    }));
  };
}
