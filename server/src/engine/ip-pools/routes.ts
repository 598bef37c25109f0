import { idAnswer, resourceIdParams } from '@app/contract/engine/common';
import {
  type IpPoolView,
  ipPoolBody as poolBody,
  ipPoolView as poolView,
  results,
  poolSendingIp as sendingIp,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant, requireMaster } from '../../http/principal.ts';
import { badRequestOnInvalid, sparkpostError } from '../../http/sparkpost-errors.ts';
import type { IpPoolRouteDeps } from './ip-pool-route-types.ts';
import { defaultPoolId, type IpPool, type IpPoolFields, type PoolRefusal } from './ip-pool-store.ts';
import { normalizeAddress } from './local-addresses.ts';
import { sendingIpRoutes } from './sending-ips-routes.ts';

const tags = ['ip-pools'];
const manage = requireGrant('ip_pools/manage');

const badRequest = (message: string) => sparkpostError(400, message, '1300');
const poolNotFound = (message: string) => sparkpostError(404, message, '1600');

/** "Marketing IP Pool" → "marketing_ip_pool", as SparkPost makes a pool's id from its name. */
export function poolIdOf(name: string): string {
  const id = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 56)
    .replace(/^_+|_+$/g, '');
  return id || 'ip_pool';
}

function refusalError(refusal: PoolRefusal) {
  switch (refusal.problem) {
    case 'overflowMissing':
      return badRequest(`Auto Warmup Overflow Pool ${refusal.pool} does not exist.`);
    case 'overflowHasOverflow':
      return badRequest(`${refusal.pool} has an overflow pool and cannot be an overflow pool`);
    case 'isOverflow':
      return badRequest(`${refusal.pool} is an overflow pool and cannot have an overflow pool`);
    case 'addressTaken':
      return badRequest(`IP ${refusal.address} is already in IP Pool ${refusal.pool}.`);
  }
}

/**
 * `/api/v1/ip-pools` (SparkPost's IP Pools API) and `/api/v1/sending-ips` for the master account. A pool's sending IPs are
 * addresses configured on this machine: delivery binds its sockets to them, so an address the
 * machine does not have could never send and is refused when the pool is written.
 */
export function ipPoolRoutes(deps: IpPoolRouteDeps): FastifyPluginAsyncZod {
  const { ipPools } = deps;

  const viewOf = (pool: IpPool): IpPoolView => ({
    id: pool.id,
    name: pool.name,
    ips: pool.ips.map((ip) => ({ external_ip: ip, hostname: deps.hostname, auto_warmup_enabled: false })),
    ...(pool.signingDomain ? { signing_domain: pool.signingDomain } : {}),
    ...(pool.fblSigningDomain ? { fbl_signing_domain: pool.fblSigningDomain } : {}),
    ...(pool.overflowPool ? { auto_warmup_overflow_pool: pool.overflowPool } : {}),
  });

  function fieldsOf(body: z.infer<typeof poolBody>, current?: IpPool): IpPoolFields {
    const local = body.ips === undefined ? undefined : deps.localAddresses();
    const ips = (body.ips ?? []).map((entry) => {
      const given = typeof entry === 'string' ? entry : entry.external_ip;
      const address = normalizeAddress(given);
      if (!address) throw badRequest(`external_ip ${given} is not an IP address`);
      if (!local?.has(address)) {
        throw badRequest(
          `IP ${address} is not configured on this server: a pool holds only addresses of this machine's network interfaces`,
        );
      }
      return address;
    });
    return {
      name: body.name,
      signingDomain: body.signing_domain ?? current?.signingDomain ?? '',
      fblSigningDomain: body.fbl_signing_domain ?? current?.fblSigningDomain ?? '',
      overflowPool: body.auto_warmup_overflow_pool ?? current?.overflowPool ?? '',
      ips: body.ips === undefined ? (current?.ips ?? []) : [...new Set(ips)],
    };
  }

  return async (app) => {
    const options = { onRequest: [requireMaster, manage], config: badRequestOnInvalid };

    app.get(
      '/ip-pools',
      {
        ...options,
        schema: {
          tags,
          summary: "The company's IP pools, the default pool last",
          response: { 200: results(z.array(poolView)) },
        },
      },
      async (request) => ({ results: (await ipPools.list(principalOf(request).companyId)).map(viewOf) }),
    );

    app.post(
      '/ip-pools',
      {
        ...options,
        schema: {
          tags,
          summary: 'Create an IP pool; its id is made from its name',
          body: poolBody,
          response: { 200: results(idAnswer) },
        },
      },
      async (request) => {
        const { companyId } = principalOf(request);
        const created = await ipPools.create(companyId, poolIdOf(request.body.name), fieldsOf(request.body));
        if ('problem' in created) throw refusalError(created);
        return { results: { id: created.id } };
      },
    );

    app.get(
      '/ip-pools/:id',
      {
        ...options,
        schema: {
          tags,
          summary: 'One IP pool',
          params: resourceIdParams,
          response: { 200: results(poolView) },
        },
      },
      async (request) => {
        const pool = await ipPools.get(principalOf(request).companyId, request.params.id);
        if (!pool) throw poolNotFound('IP pool not found.');
        return { results: viewOf(pool) };
      },
    );

    app.put(
      '/ip-pools/:id',
      {
        ...options,
        schema: {
          tags,
          summary: "Change an IP pool's name, domains, overflow pool or (extension) addresses",
          description:
            'An empty signing_domain or fbl_signing_domain removes it; ips, when given, replaces the list.',
          params: resourceIdParams,
          body: poolBody,
          response: {
            200: results(poolView.omit({ ips: true }).extend({ ips: z.array(sendingIp).optional() })),
          },
        },
      },
      async (request) => {
        const { companyId } = principalOf(request);
        const { id } = request.params;
        if (id.toLowerCase() === defaultPoolId) {
          throw badRequest('IP Pool default is reserved and cannot be updated.');
        }
        const current = await ipPools.get(companyId, id);
        if (!current) throw poolNotFound(`IP Pool ${id} does not exist.`);
        const updated = await ipPools.update(companyId, id, fieldsOf(request.body, current));
        if (!updated) throw poolNotFound(`IP Pool ${id} does not exist.`);
        if ('problem' in updated) throw refusalError(updated);
        return { results: viewOf(updated) };
      },
    );

    app.delete(
      '/ip-pools/:id',
      {
        ...options,
        schema: { tags, summary: 'Delete an IP pool (not the default pool)', params: resourceIdParams },
      },
      async (request, reply) => {
        const { id } = request.params;
        if (id.toLowerCase() === defaultPoolId) throw badRequest('IP Pool default is reserved.');
        const removed = await ipPools.remove(principalOf(request).companyId, id);
        if (!removed) throw poolNotFound(`IP Pool ${id} does not exist.`);
        return reply.status(204).send();
      },
    );

    await app.register(sendingIpRoutes(deps));
  };
}
