import { embedTokenCreateBody, embedTokenCreated } from '@app/shared/api/contract/editor/embed-api';
import { results } from '@app/shared/api/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireGrant } from '../../http/principal.ts';
import type { EmbedTokenStore } from './embed-token-store.ts';

/** POST /api/v1/embed-tokens: a token for `<email-editor>`, scoped to the caller's account. */
export function embedTokenRoutes({
  embedTokens,
}: {
  embedTokens: Pick<EmbedTokenStore, 'create'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/embed-tokens',
      {
        onRequest: requireGrant('templates/modify'),
        schema: {
          tags: ['templates'],
          summary: "A short-lived token for the email editor, editing this account's templates; shown once",
          body: embedTokenCreateBody,
          response: { 200: results(embedTokenCreated) },
        },
      },
      async (request) => {
        const { companyId, subaccountId, keyId } = principalOf(request);
        const templateId = request.body.template_id ?? null;
        const { token, expiresAt } = await embedTokens.create({
          companyId,
          subaccountId,
          templateId,
          ttlSeconds: request.body.ttl_seconds,
          createdBy: keyId ?? 'session',
        });
        return { results: { token, expires_at: expiresAt.toISOString(), template_id: templateId } };
      },
    );
  };
}
