import { domainParams } from '@app/contract/engine/common';
import {
  type DkimKeyView as DkimKeyAnswer,
  dkimKeyCreateBody,
  dkimKeyList,
  dkimKeyUpdateBody,
  dkimKeyUpdated,
  dkimKeyVerifyResult,
  dkimKeyView,
  results,
} from '@app/contract/engine/index';
import { dkimKeyParams } from '@app/contract/engine/sending-domains';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { type DkimKeyService, type DkimKeyView, recordOf } from './dkim-key-service.ts';
import { publicKeyBits } from './dkim-keys.ts';
import { viewerOf } from './routes.ts';

const tags = ['sending-domains'];
const manage = requireGrant('sending_domains/manage');

/** SparkPost's key object; `withDns` adds the record (single-key answers). */
function answerOf(key: DkimKeyView, withDns: boolean): DkimKeyAnswer {
  const record = recordOf(key);
  return {
    id: key.id,
    signing_domain: key.signingDomain,
    public: key.publicKey,
    selector: key.selector,
    headers: key.headers,
    dkim_status: key.status,
    is_default: key.isDefault,
    dkim_key_length: publicKeyBits(key.publicKey),
    ...(key.createdAt ? { created_at: key.createdAt.toISOString() } : {}),
    ...(key.updatedAt ? { updated_at: key.updatedAt.toISOString() } : {}),
    ...(withDns ? { dns: { dkim_record: record.name, dkim_value: record.value } } : {}),
  };
}

/** `/api/v1/sending-domains/{domain}/dkim-keys`, as SparkPost documents its DKIM keys API. */
export function dkimKeyRoutes({ dkimKeys }: { dkimKeys: DkimKeyService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/sending-domains/:domain/dkim-keys',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "A sending domain's DKIM keys, its own (id default) first",
          params: domainParams,
          response: { 200: dkimKeyList },
        },
      },
      async (request) => {
        const keys = await dkimKeys.list(viewerOf(principalOf(request)), request.params.domain);
        return { results: keys.map((key) => answerOf(key, false)), total_count: keys.length };
      },
    );

    app.post(
      '/sending-domains/:domain/dkim-keys',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a DKIM key: a new key pair, or the one given; it signs once verified',
          params: domainParams,
          body: dkimKeyCreateBody,
          response: { 200: results(dkimKeyView) },
        },
      },
      async (request) => {
        const key = await dkimKeys.create(
          viewerOf(principalOf(request)),
          request.params.domain,
          request.body,
        );
        return { results: answerOf(key, true) };
      },
    );

    app.get(
      '/sending-domains/:domain/dkim-keys/:key_id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'One DKIM key with the record to publish (default: the domain’s own key)',
          params: dkimKeyParams,
          response: { 200: results(dkimKeyView) },
        },
      },
      async (request) => {
        const { domain, key_id } = request.params;
        const key = await dkimKeys.get(viewerOf(principalOf(request)), domain, key_id);
        return { results: answerOf(key, true) };
      },
    );

    app.put(
      '/sending-domains/:domain/dkim-keys/:key_id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change headers or signing domain, or replace the key pair (which is then unverified)',
          params: dkimKeyParams,
          body: dkimKeyUpdateBody,
          response: { 200: results(dkimKeyUpdated) },
        },
      },
      async (request) => {
        const { domain, key_id } = request.params;
        const key = await dkimKeys.update(viewerOf(principalOf(request)), domain, key_id, request.body);
        return { results: { message: 'Successfully updated DKIM key.', ...answerOf(key, true) } };
      },
    );

    app.delete(
      '/sending-domains/:domain/dkim-keys/:key_id',
      {
        onRequest: manage,
        schema: { tags, summary: 'Delete a DKIM key (not the default one)', params: dkimKeyParams },
      },
      async (request, reply) => {
        const { domain, key_id } = request.params;
        await dkimKeys.remove(viewerOf(principalOf(request)), domain, key_id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/sending-domains/:domain/dkim-keys/:key_id/verify',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "Look the key's TXT record up now and record what was found",
          params: dkimKeyParams,
          response: { 200: results(dkimKeyVerifyResult) },
        },
      },
      async (request) => {
        const { domain, key_id } = request.params;
        const { key, record, result } = await dkimKeys.verify(viewerOf(principalOf(request)), domain, key_id);
        return {
          results: {
            id: key.id,
            dkim_status: key.status,
            dns: {
              dkim_record: record.name,
              dkim_value: record.value,
              ...(result.status === 'invalid' ? { dkim_error: result.error } : {}),
              ...(result.status === 'invalid' && result.found !== undefined
                ? { dkim_found: result.found }
                : {}),
            },
          },
        };
      },
    );
  };
}
