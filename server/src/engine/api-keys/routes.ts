import { stringIdParams } from '@app/contract/engine/common';
import {
  type ApiKeyView,
  apiKeyCreateBody,
  apiKeyCreated,
  apiKeyUpdateBody,
  apiKeyView,
  results,
} from '@app/contract/engine/index';
import { isNetmask } from '@app/contract/engine/netmask';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ApiKeyGrant, apiKeyGrants, holdsGrant, isApiKeyGrant, subaccountGrants } from '../../grants.ts';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { invalidParameter, notFound } from '../../http/sparkpost-errors.ts';
import type { Principal } from '../../principal.ts';
import type { ApiKey, ApiKeyStore } from './api-key-store.ts';

export function toApiKeyView(key: ApiKey): ApiKeyView {
  const view: ApiKeyView = {
    id: key.id,
    label: key.label,
    grants: key.grants,
    valid_ips: key.validIps,
    short_key: key.prefix,
    created: key.createdAt.toISOString(),
  };
  if (key.subaccountId !== 0) view.subaccount_id = key.subaccountId;
  if (key.updatedAt) view.updated = key.updatedAt.toISOString();
  if (key.lastUsedAt) view.last_used = key.lastUsedAt.toISOString();
  return view;
}

/**
 * The grants a key (of a subaccount or not) may hold when `principal` creates or changes it: known names, the
 * subaccount list for subaccount keys, and nothing the caller does not hold, save what the key `kept` holds
 * already (keeping a grant gives nothing).
 */
export function checkGrants(
  principal: Principal,
  forSubaccount: boolean,
  grants: readonly string[],
  kept: readonly string[] = [],
): ApiKeyGrant[] {
  const unknown = grants.filter((grant) => !isApiKeyGrant(grant));
  if (unknown.length > 0) {
    throw invalidParameter(`unknown grants: ${unknown.join(', ')}; grants are ${apiKeyGrants.join(', ')}`);
  }
  const known = grants.filter(isApiKeyGrant);
  if (forSubaccount) {
    const notForSubaccounts = known.filter((grant) => !subaccountGrants.includes(grant));
    if (notForSubaccounts.length > 0) {
      throw invalidParameter(`a subaccount's key cannot hold: ${notForSubaccounts.join(', ')}`);
    }
  }
  const { grants: held } = principal;
  if (held !== 'all') {
    const beyond = known.filter((grant) => !holdsGrant(held, grant) && !kept.includes(grant));
    if (beyond.length > 0) {
      throw invalidParameter(
        principal.keyId === null
          ? `your role's permissions do not open these grants: ${beyond.join(', ')}`
          : `you cannot grant what your key lacks: ${beyond.join(', ')}`,
      );
    }
  }
  return [...new Set(known)];
}

export function checkValidIps(validIps: readonly string[] | undefined): string[] | undefined {
  if (validIps === undefined) return undefined;
  const bad = validIps.filter((netmask) => !isNetmask(netmask));
  if (bad.length > 0)
    throw invalidParameter(`valid_ips must be IP addresses or CIDR netmasks: ${bad.join(', ')}`);
  return [...validIps];
}

const tags = ['api keys'];
const manage = requireGrant('api_keys/manage');

export function apiKeyRoutes({ apiKeys }: { apiKeys: ApiKeyStore }): FastifyPluginAsyncZod {
  const owned = async (principal: Principal, id: string) => {
    const key = await apiKeys.get(principal.companyId, id);
    if (!key || key.subaccountId !== principal.subaccountId) throw notFound(`API key ${id} does not exist`);
    return key;
  };

  return async (app) => {
    app.get(
      '/api-keys',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "The account's API keys (the subaccount's with X-MSYS-SUBACCOUNT)",
          response: { 200: results(z.array(apiKeyView)) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const keys = await apiKeys.list(principal.companyId, principal.subaccountId);
        return { results: keys.map(toApiKeyView) };
      },
    );

    app.post(
      '/api-keys',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Create a key; the key is in this answer only',
          body: apiKeyCreateBody,
          response: { 200: results(apiKeyCreated) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { label, grants, valid_ips } = request.body;
        const created = await apiKeys.create({
          companyId: principal.companyId,
          subaccountId: principal.subaccountId,
          label,
          grants: checkGrants(principal, principal.subaccountId !== 0, grants),
          validIps: checkValidIps(valid_ips),
        });
        return {
          results: { id: created.id, key: created.secret, label: created.label, short_key: created.prefix },
        };
      },
    );

    app.get(
      '/api-keys/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'One API key',
          params: stringIdParams,
          response: { 200: results(apiKeyView) },
        },
      },
      async (request) => ({ results: toApiKeyView(await owned(principalOf(request), request.params.id)) }),
    );

    app.put(
      '/api-keys/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change label, grants or valid IPs',
          params: stringIdParams,
          body: apiKeyUpdateBody,
          response: { 200: results(apiKeyView) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const key = await owned(principal, request.params.id);
        const { label, grants, valid_ips } = request.body;
        const updated = await apiKeys.update(principal.companyId, key.id, {
          label,
          grants:
            grants === undefined
              ? undefined
              : checkGrants(principal, key.subaccountId !== 0, grants, key.grants),
          validIps: checkValidIps(valid_ips),
        });
        if (!updated) throw notFound(`API key ${key.id} does not exist`);
        return { results: toApiKeyView(updated) };
      },
    );

    app.delete(
      '/api-keys/:id',
      {
        onRequest: manage,
        schema: { tags, summary: 'Delete a key: it stops working at once', params: stringIdParams },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const key = await owned(principal, request.params.id);
        await apiKeys.remove(principal.companyId, key.id);
        return reply.status(204).send();
      },
    );
  };
}
