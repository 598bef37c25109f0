import { envelope } from '@app/contract/common';
import { dashboardQuery, dashboardStats } from '@app/contract/marketing/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { createDashboardService } from './dashboard-service.ts';

/** §7 dashboard stats and peak time: Home's numbers, with the console session. */
export function dashboardRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  dashboard: ReturnType<typeof createDashboardService>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dashboard/stats',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['dashboard'],
          summary:
            "Home's statistics over the last 7, 30 or 90 days: campaigns and their results, contacts, what is next, the peak open hour",
          security: bearerSecurity,
          querystring: dashboardQuery,
          response: { 200: envelope(dashboardStats) },
        },
      },
      async (request) => ({
        data: await deps.dashboard.stats(sessionOf(request).companyId, request.query.days),
      }),
    );
  };
}
