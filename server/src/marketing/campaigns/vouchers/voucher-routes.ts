import { envelope } from '@app/contract/common';
import { numericIdParams } from '@app/contract/engine/common';
import {
  newVoucherListBody,
  voucherFindQuery,
  voucherFound,
  voucherList,
  voucherLists,
} from '@app/contract/marketing/vouchers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { VoucherService } from './voucher-service.ts';

const tags = ['campaigns'];

/** §7 /utils/vouchers: the company's voucher lists, with the console session. */
export function voucherRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  vouchers: VoucherService;
}): FastifyPluginAsyncZod {
  const { guards, vouchers } = deps;
  const compose = [guards.full, requirePermission('campaigns.compose')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;
  return async (app) => {
    app.get(
      '/utils/vouchers',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's voucher lists, newest first",
          security: bearerSecurity,
          response: { 200: envelope(voucherLists) },
        },
      },
      async (request) => ({ data: await vouchers.list(companyOf(request)) }),
    );

    app.post(
      '/utils/vouchers',
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'A voucher list: a code for each contact of a recipient label (the label first, §5)',
          security: bearerSecurity,
          body: newVoucherListBody,
          response: { 201: envelope(voucherList) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await vouchers.create(companyOf(request), request.body) }),
    );

    app.get(
      '/utils/vouchers/:id/find',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "One contact's code in the list",
          security: bearerSecurity,
          params: numericIdParams,
          querystring: voucherFindQuery,
          response: { 200: envelope(voucherFound) },
        },
      },
      async (request) => ({
        data: await vouchers.find(companyOf(request), request.params.id, request.query.email),
      }),
    );

    app.delete(
      '/utils/vouchers/:id',
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'Deletes a voucher list (campaigns that used it go on without codes)',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await vouchers.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );
  };
}
