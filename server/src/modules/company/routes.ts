import { companySchema, envelope } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';

interface CompanyRow {
  id: string;
  name: string;
  phone: string;
  industry: string;
  website: string;
  created_at: Date;
  environment: 'sandbox' | 'production';
  production_status: string;
  timezone: string;
  country: string;
  language: string;
}

export function companyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/company/detail',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['company'],
          summary: "The caller's company with the team fields the console shell needs",
          security: bearerSecurity,
          response: { 200: envelope(companySchema) },
        },
      },
      async (request) => {
        const { companyId, role } = sessionOf(request);
        const row = await ctx.db.one<CompanyRow>(
          `SELECT id, name, phone, industry, website, created_at, environment, production_status, timezone, country,
             language
           FROM companies WHERE id = $1`,
          [companyId],
        );
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
          },
        };
      },
    );
  };
}
