import {
  envelope,
  type ProductTour,
  productTourFlags,
  productTourSchema,
  productTourUpdateBody,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';

/** Stored flags over the all-false default, so flags added later start false. */
function toTour(stored: Record<string, unknown>): ProductTour {
  return Object.fromEntries(productTourFlags.map((flag) => [flag, stored[flag] === true])) as ProductTour;
}

export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/on-boarding/product-tour',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: "The company's product tour flags",
          security: bearerSecurity,
          response: { 200: envelope(productTourSchema) },
        },
      },
      async (request) => {
        const row = await ctx.db.maybeOne<{ flags: Record<string, unknown> }>(
          'SELECT flags FROM product_tours WHERE company_id = $1',
          [sessionOf(request).companyId],
        );
        return { data: toTour(row?.flags ?? {}) };
      },
    );

    app.put(
      '/on-boarding/product-tour',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: 'Set some tour flags; the others stay',
          security: bearerSecurity,
          body: productTourUpdateBody,
          response: { 200: envelope(productTourSchema) },
        },
      },
      async (request) => {
        const row = await ctx.db.one<{ flags: Record<string, unknown> }>(
          `INSERT INTO product_tours (company_id, flags) VALUES ($1, $2::jsonb)
           ON CONFLICT (company_id) DO UPDATE SET flags = product_tours.flags || EXCLUDED.flags
           RETURNING flags`,
          [sessionOf(request).companyId, JSON.stringify(request.body)],
        );
        return { data: toTour(row.flags) };
      },
    );
  };
}
