import { countAnswer, messageAnswer, numericIdParams } from '@app/contract/engine/common';
import {
  results,
  type SubaccountView,
  subaccountCreateBody,
  subaccountCreated,
  subaccountListQuery,
  subaccountUpdateBody,
  subaccountView,
} from '@app/contract/engine/index';
import { subaccountListAnswer } from '@app/contract/engine/subaccounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireGrant, requireMaster } from '../../http/principal.ts';
import {
  badRequestNamingParam,
  conflict,
  isSparkpostError,
  missingFields,
  namingParam,
  notFound,
} from '../../http/sparkpost-errors.ts';
import type { ApiKeyStore } from '../api-keys/api-key-store.ts';
import { checkGrants, checkValidIps } from '../api-keys/routes.ts';
import { nextPageLink } from '../events/paging.ts';
import { subaccountPage, wantsPage } from './list-page.ts';
import type { Subaccount, SubaccountStore } from './subaccount-store.ts';

const toView = (subaccount: Subaccount): SubaccountView => {
  const view: SubaccountView = {
    id: subaccount.id,
    name: subaccount.name,
    status: subaccount.status,
    compliance_status: subaccount.status,
    options: { deliverability: false },
    created: subaccount.createdAt.toISOString(),
  };
  if (subaccount.ipPool) view.ip_pool = subaccount.ipPool;
  return view;
};

const tags = ['subaccounts'];
const guards = [requireGrant('subaccounts/manage'), requireMaster];

/** `check`'s answer, or its SparkPost error naming `param` and its `value`, as the subaccounts family answers. */
function atParam<T>(param: string, value: unknown, check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (isSparkpostError(error)) throw namingParam(error, param, value);
    throw error;
  }
}

export function subaccountRoutes({
  subaccounts,
  apiKeys,
}: {
  subaccounts: SubaccountStore;
  apiKeys: ApiKeyStore;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/subaccounts',
      {
        onRequest: guards,
        config: badRequestNamingParam,
        schema: {
          tags,
          summary: "The company's subaccounts; any parameter asks for a page with total_count and links",
          querystring: subaccountListQuery,
          response: {
            200: subaccountListAnswer,
          },
        },
      },
      async (request) => {
        const all = await subaccounts.list(principalOf(request).companyId);
        if (!wantsPage(request.query)) return { results: all.map(toView) };
        const page = subaccountPage(all, request.query);
        const links: { next?: string } = {};
        if (page.next) links.next = nextPageLink(request.url, page.next);
        return { results: page.entries.map(toView), total_count: page.total, links };
      },
    );

    app.post(
      '/subaccounts',
      {
        onRequest: guards,
        config: badRequestNamingParam,
        schema: {
          tags,
          summary: 'Create a subaccount, optionally with its first API key',
          body: subaccountCreateBody,
          response: { 200: results(subaccountCreated) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const body = request.body;
        if (body.setup_api_key) {
          // Both are required with setup_api_key (its default): the answer lists each one missing.
          const missing = [
            ...(body.key_label ? [] : ['key_label']),
            ...(body.key_grants?.length ? [] : ['key_grants']),
          ];
          if (missing.length > 0) throw missingFields(missing, ' when setup_api_key is true (its default)');
        }
        const grants = atParam('key_grants', body.key_grants, () =>
          checkGrants(principal, true, body.key_grants ?? []),
        );
        const validIps = atParam('key_valid_ips', body.key_valid_ips, () =>
          checkValidIps(body.key_valid_ips),
        );
        const subaccount = await subaccounts.create(principal.companyId, {
          name: body.name,
          ipPool: body.ip_pool,
        });
        if (!body.setup_api_key) return { results: { subaccount_id: subaccount.id } };
        const key = await apiKeys.create({
          companyId: principal.companyId,
          subaccountId: subaccount.id,
          label: body.key_label ?? '',
          grants,
          validIps,
        });
        return {
          results: { subaccount_id: subaccount.id, label: key.label, key: key.secret, short_key: key.prefix },
        };
      },
    );

    app.get(
      '/subaccounts/summary',
      {
        onRequest: guards,
        config: badRequestNamingParam,
        schema: {
          tags,
          summary: 'How many subaccounts the account has',
          response: { 200: results(countAnswer) },
        },
      },
      async (request) => ({
        results: { total: await subaccounts.count(principalOf(request).companyId) },
      }),
    );

    app.get(
      '/subaccounts/:id',
      {
        onRequest: guards,
        config: badRequestNamingParam,
        schema: {
          tags,
          summary: 'One subaccount',
          params: numericIdParams,
          response: { 200: results(subaccountView) },
        },
      },
      async (request) => {
        const subaccount = await subaccounts.get(principalOf(request).companyId, Number(request.params.id));
        if (!subaccount) throw notFound(`subaccount ${request.params.id} does not exist`);
        return { results: toView(subaccount) };
      },
    );

    app.put(
      '/subaccounts/:id',
      {
        onRequest: guards,
        config: badRequestNamingParam,
        schema: {
          tags,
          summary: 'Rename, suspend, reactivate or terminate (terminated is final)',
          params: numericIdParams,
          body: subaccountUpdateBody,
          response: { 200: results(messageAnswer) },
        },
      },
      async (request) => {
        const { companyId } = principalOf(request);
        const id = Number(request.params.id);
        const current = await subaccounts.get(companyId, id);
        if (!current) throw notFound(`subaccount ${id} does not exist`);
        const { name, status, ip_pool } = request.body;
        if (current.status === 'terminated' && status !== undefined && status !== 'terminated') {
          throw conflict(`subaccount ${id} is terminated and cannot be reactivated`);
        }
        await subaccounts.update(companyId, id, { name, status, ipPool: ip_pool });
        return { results: { message: 'Successfully updated subaccount information' } };
      },
    );
  };
}
