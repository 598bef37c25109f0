import {
  completeProfileBody,
  envelope,
  onboardingStateData,
  requestProductionBody,
  setSandboxBody,
  switchEnvironmentBody,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { EnvironmentService } from './environment.ts';

const switchRule =
  'Sandbox is always allowed. Production answers 409 state until the tour flags productionDataCompletion ' +
  '(complete-profile) and productionWelcome (finish-onboarding) are both set.';

const schemaOf = <T extends object>(summary: string, extra: T) => ({
  tags: ['onboarding'],
  summary,
  security: bearerSecurity,
  response: { 200: envelope(onboardingStateData) },
  ...extra,
});

export interface EnvironmentRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  environments: EnvironmentService;
}

export function environmentRoutes(deps: EnvironmentRouteDeps): FastifyPluginAsyncZod {
  const { environments } = deps;
  // Every route here changes the company's environment or profile.
  const onRequest = [deps.guards.full, requirePermission('environment.switch')];

  return async (app) => {
    app.post(
      '/user/set-sandbox',
      {
        onRequest,
        schema: schemaOf('Switch to the sandbox (true) or to production (false)', {
          description: switchRule,
          body: setSandboxBody,
        }),
      },
      async (request) => {
        const target = request.body.sandbox ? 'sandbox' : 'production';
        return { data: await environments.switchTo(sessionOf(request).companyId, target) };
      },
    );

    app.post(
      '/on-boarding/switch-environment',
      {
        onRequest,
        schema: schemaOf("Switch the company's environment", {
          description: switchRule,
          body: switchEnvironmentBody,
        }),
      },
      async (request) => ({
        data: await environments.switchTo(sessionOf(request).companyId, request.body.environment),
      }),
    );

    app.post(
      '/on-boarding/complete-profile',
      {
        onRequest,
        schema: schemaOf('Store the company profile; sets the tour flag productionDataCompletion', {
          body: completeProfileBody,
        }),
      },
      async (request) => ({
        data: await environments.completeProfile(sessionOf(request).companyId, request.body),
      }),
    );

    app.post(
      '/on-boarding/finish-onboarding',
      {
        onRequest,
        schema: schemaOf('Finish the production welcome; sets the tour flag productionWelcome', {}),
      },
      async (request) => ({ data: await environments.finishOnboarding(sessionOf(request).companyId) }),
    );

    app.post(
      '/on-boarding/request-production',
      {
        onRequest,
        schema: schemaOf("Ask for production: productionStatus 'None' becomes 'Requested'", {
          description:
            'Only a record for the operator and the console: nobody approves it on a self-hosted install, ' +
            'and switching to production does not depend on it. The details are kept and mailed to the operator.',
          body: requestProductionBody,
        }),
      },
      async (request) => {
        const { companyId, userId } = sessionOf(request);
        return { data: await environments.requestProduction({ companyId, userId }, request.body) };
      },
    );
  };
}
