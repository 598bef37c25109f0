import { currentPolicyVersion, envelope, policyVersionBody, policyVersionData } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import type { UserStore } from './user-store.ts';

const view = (policyVersion: string) => ({
  data: { policyVersion, current: currentPolicyVersion, needsUpdate: policyVersion !== currentPolicyVersion },
});

export interface PolicyRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  users: Pick<UserStore, 'policyVersion' | 'setPolicyVersion'>;
}

export function policyRoutes(deps: PolicyRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/policy-version',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['users'],
          summary: 'The policy version the user accepted and the current one',
          security: bearerSecurity,
          response: { 200: envelope(policyVersionData) },
        },
      },
      async (request) => {
        return view(await deps.users.policyVersion(sessionOf(request).userId));
      },
    );

    app.put(
      '/users/policy-version',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['users'],
          summary: 'Accept the current policy version',
          security: bearerSecurity,
          body: policyVersionBody,
          response: { 200: envelope(policyVersionData) },
        },
      },
      async (request) => {
        await deps.users.setPolicyVersion(sessionOf(request).userId, request.body.policyVersion);
        return view(request.body.policyVersion);
      },
    );
  };
}
