import { envelope } from '@app/contract/common';
import {
  contactExportBody,
  contactExportList,
  contactExportParams,
  contactExportSchema,
} from '@app/contract/marketing/contact-exports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import { contentDisposition } from '../../../http/content-disposition.ts';
import type { ContactExportService } from './export-service.ts';

const tags = ['contacts'];

/** Contact exports: CSV or XLSX of the Contact Book's filter, written in the background (202). */
export function contactExportRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  exports: ContactExportService;
}): FastifyPluginAsyncZod {
  const { guards, exports } = deps;
  const onRequest = [guards.full, requirePermission('contacts.export')];

  return async (app) => {
    app.post(
      '/contacts/export',
      {
        onRequest,
        schema: {
          tags,
          summary: 'Export the contacts of a filter, label or segment as CSV or XLSX',
          description:
            'Answers 202: the file is written in the background, then offered in a notification to download.',
          security: bearerSecurity,
          body: contactExportBody,
          response: { 202: envelope(contactExportSchema) },
        },
      },
      async (request, reply) => {
        const { companyId, userId } = sessionOf(request);
        return reply.code(202).send({ data: await exports.request(companyId, userId, request.body) });
      },
    );

    app.get(
      '/contacts/export',
      {
        onRequest,
        schema: {
          tags,
          summary: "The company's recent contact exports, newest first",
          security: bearerSecurity,
          response: { 200: envelope(contactExportList) },
        },
      },
      async (request) => ({ data: { items: await exports.list(sessionOf(request).companyId) } }),
    );

    app.get(
      '/contacts/export/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One contact export',
          security: bearerSecurity,
          params: contactExportParams,
          response: { 200: envelope(contactExportSchema) },
        },
      },
      async (request) => ({ data: await exports.get(sessionOf(request).companyId, request.params.id) }),
    );

    app.get(
      '/contacts/export/:id/download',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The file of a written contact export of my company',
          security: bearerSecurity,
          params: contactExportParams,
        },
      },
      async (request, reply) => {
        const file = await exports.file(sessionOf(request).companyId, request.params.id);
        return reply
          .type(file.type)
          .header('content-disposition', contentDisposition(file.name))
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );
  };
}
