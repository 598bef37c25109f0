import { envelope } from '@app/contract/common';
import { numericIdParams } from '@app/contract/engine/common';
import { abPickBody, abReport } from '@app/contract/marketing/campaigns';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { AbTestService } from './ab-test-service.ts';

const tags = ['ab-tests'];

/** §7 /ab-test's own routes (the rest are the campaign routes over the A/B tests): the report, §4 pick winner. */
export function abTestRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  abTests: AbTestService;
}): FastifyPluginAsyncZod {
  const { guards, abTests } = deps;
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;
  return async (app) => {
    app.get(
      '/ab-test/:id/report',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "Each version's results side by side (opens by people only), and what the test decided",
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(abReport) },
        },
      },
      async (request) => ({ data: await abTests.report(companyOf(request), request.params.id) }),
    );

    app.post(
      '/ab-test/:id/pick-winner',
      {
        onRequest: [guards.full, requirePermission('campaigns.send')],
        schema: {
          tags,
          summary: 'While the test waits: the version (0 = A) the rest receives, sent now',
          security: bearerSecurity,
          params: numericIdParams,
          body: abPickBody,
          response: { 200: envelope(abReport) },
        },
      },
      async (request) => ({
        data: await abTests.pickWinner(companyOf(request), request.params.id, request.body.version),
      }),
    );
  };
}
