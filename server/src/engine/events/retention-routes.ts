import { envelope, eventRetentionSchema } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompanyStore } from '../../accounts/company/company-store.ts';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';

const tags = ['settings'];

/** Console settings: how many days the company's message events are kept (purgeExpired reads it). */
export interface EventRetentionRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  companies: Pick<CompanyStore, 'eventRetentionDays' | 'setEventRetentionDays'>;
}

export function eventRetentionRoutes(deps: EventRetentionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/event-retention',
      {
        onRequest: deps.guards.full,
        schema: {
          tags,
          summary: 'Days message events are kept',
          security: bearerSecurity,
          response: { 200: envelope(eventRetentionSchema) },
        },
      },
      async (request) => {
        return { data: { days: await deps.companies.eventRetentionDays(sessionOf(request).companyId) } };
      },
    );

    app.put(
      '/settings/event-retention',
      {
        onRequest: [deps.guards.full, requirePermission('settings.manage')],
        schema: {
          tags,
          summary: 'Set the days message events are kept (1 to 3650); older ones go at the next purge',
          security: bearerSecurity,
          body: eventRetentionSchema,
          response: { 200: envelope(eventRetentionSchema) },
        },
      },
      async (request) => {
        const days = await deps.companies.setEventRetentionDays(
          sessionOf(request).companyId,
          request.body.days,
        );
        return { data: { days } };
      },
    );
  };
}
