import { companySettingsBody } from '@app/contract/accounts/company';
import { type Company, companySchema, envelope } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthSession } from '../../auth-session.ts';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { CompanyStore } from './company-store.ts';

export interface CompanyRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  companies: Pick<CompanyStore, 'detail' | 'setAutoLinkUtm'>;
}

export function companyRoutes(deps: CompanyRouteDeps): FastifyPluginAsyncZod {
  /** The caller's company as the console shell reads it. */
  async function detailOf({ companyId, role, permissions }: AuthSession): Promise<Company> {
    const row = await deps.companies.detail(companyId);
    return {
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
      autoLinkUtm: row.auto_link_utm,
    };
  }

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
      async (request) => ({ data: await detailOf(sessionOf(request)) }),
    );

    app.patch(
      '/companies/settings',
      {
        onRequest: [deps.guards.full, requirePermission('settings.manage')],
        schema: {
          tags: ['company'],
          summary: "The team's settings: autoLinkUtm (UTM parameters on the campaigns' links)",
          security: bearerSecurity,
          body: companySettingsBody,
          response: { 200: envelope(companySchema) },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        await deps.companies.setAutoLinkUtm(session.companyId, request.body.autoLinkUtm);
        return { data: await detailOf(session) };
      },
    );
  };
}
