import { envelope } from '@app/contract/common';
import { numericIdParams } from '@app/contract/engine/common';
import {
  campaignCategory,
  campaignCategoryBody,
  campaignCategoryList,
} from '@app/contract/marketing/campaign-categories';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { CategoryService } from './category-service.ts';

const tags = ['campaigns'];

/** §7 /email-marketing/category: the company's campaign categories, with the console session. */
export function categoryRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  categories: CategoryService;
}): FastifyPluginAsyncZod {
  const { guards, categories } = deps;
  const compose = [guards.full, requirePermission('campaigns.compose')];
  return async (app) => {
    app.get(
      '/email-marketing/category',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's campaign categories, by name, with how many campaigns each holds",
          security: bearerSecurity,
          response: { 200: envelope(campaignCategoryList) },
        },
      },
      async (request) => ({ data: await categories.list(sessionOf(request).companyId) }),
    );

    app.post(
      '/email-marketing/category',
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'Add a campaign category (its name unique in the company)',
          security: bearerSecurity,
          body: campaignCategoryBody,
          response: { 201: envelope(campaignCategory) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await categories.create(sessionOf(request).companyId, request.body) }),
    );

    app.patch(
      '/email-marketing/category/:id',
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'Rename a campaign category',
          security: bearerSecurity,
          params: numericIdParams,
          body: campaignCategoryBody,
          response: { 200: envelope(campaignCategory) },
        },
      },
      async (request) => ({
        data: await categories.rename(sessionOf(request).companyId, request.params.id, request.body),
      }),
    );

    app.delete(
      '/email-marketing/category/:id',
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'Delete a campaign category (its campaigns stay, without one)',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await categories.remove(sessionOf(request).companyId, request.params.id);
        return { data: {} };
      },
    );
  };
}
