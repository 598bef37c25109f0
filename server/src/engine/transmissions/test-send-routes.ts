import { isEmailAddress } from '@app/contract/engine/index';
import { envelope, testSendBody, testSendResult } from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OverQuotaError } from '../../engine-error.ts';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { appError } from '../../http/errors.ts';
import { quotaFeatureGroup } from '../usage/usage-meter.ts';
import type { Environment } from './send-deps.ts';
import type { TransmissionService } from './transmission-service.ts';

export interface TestSendDeps {
  /** MAIL_FROM, the sample's sender. */
  mailFrom: string;
  guards: Pick<AuthGuards, 'full'>;
  transmissions: TransmissionService;
  environmentOf(companyId: string): Promise<Environment>;
}

/**
 * Console: "send a test email" from the welcome screens. A real transmission of the company's own
 * account in its current environment (so the sandbox rules and quotas apply), answered in the
 * console's envelope; over quota it says 'Quota of {subfeature} on {feature} is exceeded' (§8).
 */
export function testSendRoutes(deps: TestSendDeps): FastifyPluginAsyncZod {
  // MAIL_FROM defaults to no-reply@<public host>, which is no address when that host is an IP.
  const sender = isEmailAddress(deps.mailFrom) ? deps.mailFrom : 'no-reply@mail.invalid';
  return async (app) => {
    app.post(
      '/transmissions/test',
      {
        onRequest: [deps.guards.full, requirePermission('send')],
        schema: {
          tags: ['sandbox'],
          summary: 'Send a sample message to one address (an authorized recipient in the sandbox)',
          security: bearerSecurity,
          body: testSendBody,
          response: { 200: envelope(testSendResult) },
        },
      },
      async (request) => {
        const { companyId, sessionId } = sessionOf(request);
        const principal = {
          companyId,
          subaccountId: 0,
          isMaster: true,
          grants: 'all' as const,
          keyId: null,
          sessionId,
        };
        const accepted = await deps.transmissions
          .send(
            principal,
            {
              campaign_id: 'console-test',
              recipients: [{ address: { email: request.body.email } }],
              content: {
                from: { email: sender, name: 'Test' },
                subject: 'Test message',
                html: '<p>This is a test message sent from the console.</p>',
              },
            },
            { platformSender: true },
          )
          .catch((error: unknown) => {
            if (!(error instanceof OverQuotaError)) throw error;
            throw appError(403, 'quotaExceeded', error.description, {
              feature: quotaFeatureGroup,
              subfeature: error.limitName,
            });
          });
        if (accepted.accepted === 0) {
          throw appError(
            409,
            'notAllowed',
            accepted.rcptErrors[0]?.description ?? 'The address cannot receive mail',
            {
              field: 'email',
              value: request.body.email,
            },
          );
        }
        if (accepted.generated === 0)
          throw appError(500, 'internal', 'The test message could not be generated');
        const environment = await deps.environmentOf(companyId);
        return { data: { transmissionId: accepted.id, environment, recipient: request.body.email } };
      },
    );
  };
}
