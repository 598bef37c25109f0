import { envelope, productTourSchema, productTourUpdateBody } from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db.ts';
import { mergeTourFlags, readTour } from '../../engine/sandbox/tour-flags.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';

export interface OnboardingRouteDeps {
  db: Db;
  guards: Pick<AuthGuards, 'full'>;
}

export function onboardingRoutes(deps: OnboardingRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/on-boarding/product-tour',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: "The company's product tour flags",
          security: bearerSecurity,
          response: { 200: envelope(productTourSchema) },
        },
      },
      async (request) => {
        return { data: await readTour(deps.db, sessionOf(request).companyId) };
      },
    );

    app.put(
      '/on-boarding/product-tour',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: 'Set some tour flags; the others stay',
          security: bearerSecurity,
          body: productTourUpdateBody,
          response: { 200: envelope(productTourSchema) },
        },
      },
      async (request) => {
        return { data: await mergeTourFlags(deps.db, sessionOf(request).companyId, request.body) };
      },
    );
  };
}
