import { messageAnswer } from '@app/contract/engine/common';
import {
  sendingIpParams as ipParams,
  sendingIpMoveBody as moveBody,
  results,
  sendingIpView,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant, requireMaster } from '../../http/principal.ts';
import { badRequestOnInvalid, sparkpostError } from '../../http/sparkpost-errors.ts';
import type { IpPoolRouteDeps } from './ip-pool-route-types.ts';
import { defaultPoolId } from './ip-pool-store.ts';
import { normalizeAddress } from './local-addresses.ts';

const tags = ['ip-pools'];

const notFound = (message: string) => sparkpostError(404, message, '1600');

/**
 * `/api/v1/sending-ips` (SparkPost's Sending IPs API): the addresses this machine can send from, each
 * with the company's pool that holds it (`default` when none does), and moving one into a pool.
 */
export function sendingIpRoutes(deps: IpPoolRouteDeps): FastifyPluginAsyncZod {
  const { ipPools } = deps;

  async function sendingIps(companyId: string) {
    const holder = new Map<string, string>();
    for (const pool of await ipPools.list(companyId)) {
      for (const ip of pool.ips) holder.set(ip, pool.id);
    }
    return [...deps.localAddresses()].sort().map((ip) => ({
      external_ip: ip,
      hostname: deps.hostname,
      ip_pool: holder.get(ip) ?? defaultPoolId,
      auto_warmup_enabled: false,
    }));
  }

  return async (app) => {
    const options = {
      onRequest: [requireMaster, requireGrant('ip_pools/manage')],
      config: badRequestOnInvalid,
    };

    app.get(
      '/sending-ips',
      {
        ...options,
        schema: {
          tags,
          summary: "This machine's sending addresses and the pool each is in",
          response: { 200: results(z.array(sendingIpView)) },
        },
      },
      async (request) => ({ results: await sendingIps(principalOf(request).companyId) }),
    );

    app.put(
      '/sending-ips/:external_ip',
      {
        ...options,
        schema: {
          tags,
          summary: 'Move a sending address into an IP pool (default: out of every pool)',
          params: ipParams,
          body: moveBody,
          response: { 200: results(messageAnswer) },
        },
      },
      async (request) => {
        const { companyId } = principalOf(request);
        const address = normalizeAddress(request.params.external_ip);
        if (!address || !deps.localAddresses().has(address)) {
          throw notFound(`Sending IP ${request.params.external_ip} does not exist.`);
        }
        const moved = await ipPools.moveAddress(companyId, address, request.body.ip_pool);
        if (!moved) throw notFound(`IP Pool ${request.body.ip_pool} does not exist.`);
        return { results: { message: 'Updated IP.' } };
      },
    );
  };
}
