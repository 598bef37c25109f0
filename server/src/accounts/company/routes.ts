import { companySchema, envelope } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { CompanyStore } from './company-store.ts';

export interface CompanyRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  companies: Pick<CompanyStore, 'detail'>;
}

export function companyRoutes(deps: CompanyRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/company/detail',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['company'],
          summary: "The caller's company with the team fields the console shell needs",
          security: bearerSecurity,
          response: { 200: envelope(companySchema) },
        },
      },
      async (request) => {
        const { companyId, role, permissions } = sessionOf(request);
        const row = await deps.companies.detail(companyId);
        return {
          data: {
            id: row.id,
            name: row.name,
            phone: row.phone,
            industry: row.industry,
            website: row.website,
            createdAt: row.created_at.getTime(),
            sandbox: row.environment === 'sandbox',
            environment: row.environment,
            productionStatus: row.production_status,
            timezone: row.timezone,
            country: row.country,
            language: row.language,
            role,
            permissions: [...permissions],
            consoleProfile: row.console_profile,
            toggles: row.toggles,
          },
        };
      },
    );
  };
}
