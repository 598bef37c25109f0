import {
  envelope,
  productTourSchema,
  productTourUpdateBody,
  surveyBody,
  surveyData,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { mergeTourFlags, readTour } from '../../engine/sandbox/tour-flags.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { saveSurvey } from './survey.ts';

export interface OnboardingRouteDeps {
  db: Db;
  clock: Clock;
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

    app.post(
      '/on-boarding/survey',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: 'Answer the on-boarding survey; sets the tour flag surveyCompletion',
          security: bearerSecurity,
          body: surveyBody,
          response: { 201: envelope(surveyData) },
        },
      },
      async (request, reply) => {
        const { companyId, userId } = sessionOf(request);
        const data = await saveSurvey(deps.db, deps.clock, { companyId, userId }, request.body);
        return reply.code(201).send({ data });
      },
    );
  };
}
