import {
  activityExportParams,
  activityExportSchema,
  activityFilters,
  activityMessageParams,
  activityMessageSchema,
  envelope,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { EngineError } from '../../engine-error.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import { findMessage, parseMessage } from '../messages/message-reader.ts';
import { exportDownloadPath, exportSearchOf } from './export-runner.ts';
import type { EventExport, ExportStore } from './export-store.ts';

const tags = ['activity'];

export interface ActivityRouteDeps {
  db: Db;
  guards: Pick<AuthGuards, 'full'>;
  exports: ExportStore;
  clock: Clock;
}

const view = (job: EventExport) => ({
  id: job.id,
  status: job.status,
  rowCount: job.rowCount,
  truncated: job.truncated,
  createdAt: job.createdAt.toISOString(),
  finishedAt: job.finishedAt?.toISOString() ?? null,
  expiresAt: job.expiresAt.toISOString(),
  downloadPath: job.status === 'done' ? exportDownloadPath(job.id) : null,
});

const exportNotFound = () => new DomainError('entityNotFound', 'Export not found, or it has expired');

/** The filter at fault, as the console's validation error: "The {field} is Invalid" with the cause. */
function invalidFilter(error: EngineError): DomainError {
  const field = /^(\w+):/.exec(error.description)?.[1] ?? 'filter';
  return new DomainError('validation', `The ${field} is Invalid`, { field, cause: error.description });
}

/**
 * Production Activity's console routes: .xlsx exports of the event search as background jobs (202,
 * then a notification), their company-scoped download, and a production message's stored content.
 */
export function activityRoutes(deps: ActivityRouteDeps): FastifyPluginAsyncZod {
  const onRequest = deps.guards.full;
  return async (app) => {
    app.post(
      '/activity/exports',
      {
        onRequest,
        schema: {
          tags,
          summary:
            'Export the events matching the filters to .xlsx, in the background (202; a notification when ready)',
          security: bearerSecurity,
          body: activityFilters,
          response: { 202: envelope(activityExportSchema) },
        },
      },
      async (request, reply) => {
        const { companyId, userId } = sessionOf(request);
        const now = deps.clock.now();
        let search: ReturnType<typeof exportSearchOf>;
        try {
          search = exportSearchOf(companyId, request.body, now);
        } catch (error) {
          if (error instanceof EngineError) throw invalidFilter(error);
          throw error;
        }
        // The window is pinned now: the file holds what the user saw, whenever the worker runs.
        const filters = {
          ...request.body,
          from: search.filter.from.toISOString(),
          to: search.filter.to.toISOString(),
        };
        const job = await deps.exports.create({ companyId, userId, filters }, now);
        return reply.code(202).send({ data: view(job) });
      },
    );

    app.get(
      '/activity/exports',
      {
        onRequest,
        schema: {
          tags,
          summary: "The company's recent activity exports, newest first",
          security: bearerSecurity,
          response: { 200: envelope(z.array(activityExportSchema)) },
        },
      },
      async (request) => ({
        data: (await deps.exports.list(sessionOf(request).companyId, deps.clock.now())).map(view),
      }),
    );

    app.get(
      '/activity/exports/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'One activity export',
          security: bearerSecurity,
          params: activityExportParams,
          response: { 200: envelope(activityExportSchema) },
        },
      },
      async (request) => {
        const job = await deps.exports.find(sessionOf(request).companyId, request.params.id);
        if (!job) throw exportNotFound();
        return { data: view(job) };
      },
    );

    app.get(
      '/activity/exports/:id/download',
      {
        onRequest,
        schema: {
          tags,
          summary: 'The .xlsx file of a finished export of my company',
          security: bearerSecurity,
          params: activityExportParams,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const file = await deps.exports.file(sessionOf(request).companyId, id, deps.clock.now());
        if (!file) throw exportNotFound();
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition(`activity-${id}.xlsx`))
          .header('x-content-type-options', 'nosniff')
          .send(file);
      },
    );

    app.get(
      '/activity/messages/:id',
      {
        onRequest,
        schema: {
          tags,
          summary: 'A production message as stored when it was composed, parsed',
          description: 'html is NOT sanitized: sanitize it before rendering.',
          security: bearerSecurity,
          params: activityMessageParams,
          response: { 200: envelope(activityMessageSchema) },
        },
      },
      async (request) => {
        const message = await findMessage(
          deps.db,
          sessionOf(request).companyId,
          'production',
          request.params.id,
        );
        if (!message) throw new DomainError('entityNotFound', 'The content of this message is not stored');
        const { headers, html, text } = await parseMessage(message.raw);
        return {
          data: {
            id: message.id,
            from: message.from,
            to: message.to,
            subject: message.subject,
            createdAt: message.createdAt.toISOString(),
            headers,
            html,
            text,
          },
        };
      },
    );
  };
}
