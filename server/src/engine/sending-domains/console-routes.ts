import { type UnverifiedSpfDomain, unverifiedSpfDomain } from '@app/contract/engine/index';
import { envelope } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { SendingDomainService } from './sending-domain-service.ts';

/** The console's sending-domain calls (spec §7): the company's domains whose SPF is not verified. */
export function sendingDomainConsoleRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  sendingDomains: Pick<SendingDomainService, 'unverifiedSpf'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/domain/sending/unverified-spf',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['sending-domains'],
          summary:
            "The company's sending domains (every account) whose SPF record is not verified, with the record to publish",
          security: bearerSecurity,
          response: { 200: envelope(z.array(unverifiedSpfDomain)) },
        },
      },
      async (request) => {
        const domains = await deps.sendingDomains.unverifiedSpf(sessionOf(request).companyId);
        const data: UnverifiedSpfDomain[] = domains.map(({ domain, record }) => ({
          domain: domain.domain,
          spf_status: domain.spfStatus,
          subaccount_id: domain.subaccountId,
          spf_record: { name: record.name, type: 'TXT', value: record.value },
        }));
        return { data };
      },
    );
  };
}
