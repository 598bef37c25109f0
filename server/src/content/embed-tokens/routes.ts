import {
  type EmbedTokenInfo as EmbedTokenView,
  embedTokenCreateBody,
  embedTokenCreated,
  embedTokenInfo,
  embedTokenListQuery,
} from '@app/contract/editor/embed-api';
import { stringIdParams } from '@app/contract/engine/common';
import { results } from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { notFound, unauthorized } from '../../http/sparkpost-errors.ts';
import type { Principal } from '../../principal.ts';
import type { EmbedTokenCreator, EmbedTokenInfo } from './embed-token-store.ts';
import { listedTokensMax } from './embed-token-store.ts';
import type { EmbedTokens } from './embed-tokens.ts';

const tags = ['templates'];
const modify = requireGrant('templates/modify');

/** The caller a new token answers to: its API key, or its console session. */
function creatorOf(principal: Principal): EmbedTokenCreator {
  if (principal.keyId !== null) return { apiKeyId: principal.keyId };
  if (principal.sessionId !== null) return { sessionId: principal.sessionId };
  throw unauthorized('Send an API key in the Authorization header');
}

function viewOf(token: EmbedTokenInfo): EmbedTokenView {
  return {
    id: token.id,
    template_id: token.templateId,
    subaccount_id: token.subaccountId,
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    created_by:
      'apiKeyId' in token.creator
        ? { type: 'api_key', api_key_id: token.creator.apiKeyId }
        : { type: 'session' },
  };
}

/** `/api/v1/embed-tokens`: tokens for `<email-editor>`, scoped to the caller's account (and subaccount). */
export function embedTokenRoutes({
  embedTokens,
}: {
  embedTokens: Pick<EmbedTokens, 'create' | 'list' | 'revoke'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/embed-tokens',
      {
        onRequest: modify,
        schema: {
          tags,
          summary: "A short-lived token for the email editor, editing this account's templates; shown once",
          description:
            'The token works while its maker may: an API key until it is deleted or loses templates/modify, a ' +
            'console session until it ends or its member leaves or loses templates.manage; a suspended ' +
            "subaccount's tokens stop.",
          body: embedTokenCreateBody,
          response: { 200: results(embedTokenCreated) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const templateId = request.body.template_id ?? null;
        const { token, expiresAt } = await embedTokens.create({
          companyId: principal.companyId,
          subaccountId: principal.subaccountId,
          templateId,
          ttlSeconds: request.body.ttl_seconds,
          creator: creatorOf(principal),
        });
        return { results: { token, expires_at: expiresAt.toISOString(), template_id: templateId } };
      },
    );

    app.get(
      '/embed-tokens',
      {
        onRequest: modify,
        schema: {
          tags,
          summary:
            "The account's embed tokens that work now, newest first: what each allows, never the token",
          description: `At most the newest ${listedTokensMax}; template_id lists one template's.`,
          querystring: embedTokenListQuery,
          response: { 200: results(z.array(embedTokenInfo)) },
        },
      },
      async (request) => {
        const { companyId, subaccountId } = principalOf(request);
        const tokens = await embedTokens.list(companyId, subaccountId, request.query.template_id);
        return { results: tokens.map(viewOf) };
      },
    );

    app.delete(
      '/embed-tokens/:id',
      {
        onRequest: modify,
        schema: {
          tags,
          summary: 'Revoke one embed token: the editors using it stop at their next request',
          params: stringIdParams,
        },
      },
      async (request, reply) => {
        const { companyId, subaccountId } = principalOf(request);
        if (!(await embedTokens.revoke(companyId, subaccountId, request.params.id))) {
          throw notFound(`embed token ${request.params.id} does not exist`);
        }
        return reply.status(204).send();
      },
    );
  };
}
