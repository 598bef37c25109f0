import { envelope, eventRetentionSchema } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';

const tags = ['settings'];

/** Console settings: how many days the company's message events are kept (purgeExpired reads it). */
export function eventRetentionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/event-retention',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags,
          summary: 'Days message events are kept',
          security: bearerSecurity,
          response: { 200: envelope(eventRetentionSchema) },
        },
      },
      async (request) => {
        const row = await ctx.db.one<{ days: number }>(
          'SELECT event_retention_days AS days FROM companies WHERE id = $1',
          [sessionOf(request).companyId],
        );
        return { data: { days: row.days } };
      },
    );

    app.put(
      '/settings/event-retention',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags,
          summary: 'Set the days message events are kept (1 to 3650); older ones go at the next purge',
          security: bearerSecurity,
          body: eventRetentionSchema,
          response: { 200: envelope(eventRetentionSchema) },
        },
      },
      async (request) => {
        const row = await ctx.db.one<{ days: number }>(
          'UPDATE companies SET event_retention_days = $2 WHERE id = $1 RETURNING event_retention_days AS days',
          [sessionOf(request).companyId, request.body.days],
        );
        return { data: { days: row.days } };
      },
    );
  };
}
