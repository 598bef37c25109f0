import {
  currentPolicyVersion,
  envelope,
  policyVersionBody,
  policyVersionData,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';

const view = (policyVersion: string) => ({
  data: { policyVersion, current: currentPolicyVersion, needsUpdate: policyVersion !== currentPolicyVersion },
});

export function policyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/policy-version',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'The policy version the user accepted and the current one',
          security: bearerSecurity,
          response: { 200: envelope(policyVersionData) },
        },
      },
      async (request) => {
        const row = await ctx.db.one<{ policy_version: string }>(
          'SELECT policy_version FROM users WHERE id = $1',
          [sessionOf(request).userId],
        );
        return view(row.policy_version);
      },
    );

    app.put(
      '/users/policy-version',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Accept the current policy version',
          security: bearerSecurity,
          body: policyVersionBody,
          response: { 200: envelope(policyVersionData) },
        },
      },
      async (request) => {
        await ctx.db.query('UPDATE users SET policy_version = $2 WHERE id = $1', [
          sessionOf(request).userId,
          request.body.policyVersion,
        ]);
        return view(request.body.policyVersion);
      },
    );
  };
}
