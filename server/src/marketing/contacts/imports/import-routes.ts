import { envelope } from '@app/contract/common';
import {
  importHistoryAnswer,
  importHistoryQuery,
  importPrepared,
  importSetting,
  importStartBody,
  importStatus,
  maxImportBytes,
} from '@app/contract/marketing/contact-imports';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalidField } from '../../../domain-error.ts';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { ImportService } from './import-service.ts';

const tags = ['contacts'];
const importIdParams = z.object({ importId: z.string().max(64) });
const megabytes = maxImportBytes / (1024 * 1024);

export interface ImportRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  imports: ImportService;
}

/** §7 /contacts/import: prepare, start, status, history, rejected rows, sample, setting. */
export function importRoutes(deps: ImportRouteDeps): FastifyPluginAsyncZod {
  const { guards, imports } = deps;
  const importing = [guards.full, requirePermission('contacts.import')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.post(
      '/contacts/import/start',
      {
        onRequest: importing,
        schema: {
          tags,
          summary:
            'Start a prepared import: the mapping (header → email, a field tag or skip), mode, labels, empty cells',
          description:
            'The workers read the file and apply it in slices; GET /contacts/import/status/{importId} follows it. One import runs at a time.',
          security: bearerSecurity,
          body: importStartBody,
          response: { 202: envelope(importStatus) },
        },
      },
      async (request, reply) =>
        reply.code(202).send({ data: await imports.start(companyOf(request), request.body) }),
    );

    app.get(
      '/contacts/import/status/:importId',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "An import's state and counters: rows read, processed, added, updated, skipped, failed",
          security: bearerSecurity,
          params: importIdParams,
          response: { 200: envelope(importStatus) },
        },
      },
      async (request) => ({ data: await imports.status(companyOf(request), request.params.importId) }),
    );

    app.get(
      '/contacts/import/history',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's imports, newest first",
          security: bearerSecurity,
          querystring: importHistoryQuery,
          response: { 200: envelope(importHistoryAnswer) },
        },
      },
      async (request) => ({
        data: await imports.history(companyOf(request), request.query.page, request.query.size),
      }),
    );

    app.get(
      '/contacts/import/:importId/errors',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'The rows an import rejected or skipped, as CSV: line, column, reason',
          security: bearerSecurity,
          params: importIdParams,
        },
      },
      async (request, reply) => {
        const csv = await imports.errorsCsv(companyOf(request), request.params.importId);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="import-${request.params.importId}-rejected.csv"`,
          )
          .send(csv);
      },
    );

    app.get(
      '/contacts/import/sample',
      {
        onRequest: guards.full,
        schema: { tags, summary: "A sample CSV with the company's columns", security: bearerSecurity },
      },
      async (request, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="contacts-sample.csv"')
          .send(await imports.sampleCsv(companyOf(request))),
    );

    app.get(
      '/contacts/import/setting',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's import defaults",
          security: bearerSecurity,
          response: { 200: envelope(importSetting) },
        },
      },
      async (request) => ({ data: await imports.setting(companyOf(request)) }),
    );

    app.put(
      '/contacts/import/setting',
      {
        onRequest: importing,
        schema: {
          tags,
          summary: "Change the company's import defaults",
          security: bearerSecurity,
          body: importSetting,
          response: { 200: envelope(importSetting) },
        },
      },
      async (request) => ({ data: await imports.saveSetting(companyOf(request), request.body) }),
    );

    await app.register(async (scope) => {
      // The file is written to disk as it comes; past the limit its stream ends and says so.
      await scope.register(multipart, {
        limits: { fileSize: maxImportBytes, files: 1, fields: 0, parts: 1 },
      });
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/contacts/import/prepare',
        {
          onRequest: importing,
          schema: {
            tags,
            summary: `Upload a CSV or XLSX file (multipart field file, at most ${megabytes} MB): its encoding, delimiter, header, a preview and a suggested mapping`,
            security: bearerSecurity,
            response: { 201: envelope(importPrepared) },
          },
        },
        async (request, reply) => {
          if (!request.isMultipart())
            throw invalidField('file', 'Upload the file as multipart/form-data in a field named file');
          const file = await request.file();
          if (file?.fieldname !== 'file') throw invalidField('file', 'Send the file in a field named file');
          const prepared = await imports.prepare(companyOf(request), {
            fileName: file.filename,
            stream: file.file,
            truncated: () => file.file.truncated,
          });
          return reply.code(201).send({ data: prepared });
        },
      );
    });
  };
}
