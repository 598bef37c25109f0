import { isEmailAddress } from '@app/shared/api/contract/engine/index';
import { envelope, testSendBody, testSendResult } from '@app/shared/api/contract/index';
import { quotaExceededMessage } from '@app/shared/errors/builders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { appError } from '../../http/errors.ts';
import { exceededQuota } from './transmission-service.ts';

/**
 * Console: "send a test email" from the welcome screens. A real transmission of the company's own
 * account in its current environment (so the sandbox rules and quotas apply), answered in the
 * console's envelope; over quota it says 'Quota of {subfeature} on {feature} is exceeded' (§8).
 */
export function testSendRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // MAIL_FROM defaults to no-reply@<public host>, which is no address when that host is an IP.
  const sender = isEmailAddress(ctx.config.mail.from) ? ctx.config.mail.from : 'no-reply@mail.invalid';
  return async (app) => {
    app.post(
      '/transmissions/test',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['sandbox'],
          summary: 'Send a sample message to one address (an authorized recipient in the sandbox)',
          security: bearerSecurity,
          body: testSendBody,
          response: { 200: envelope(testSendResult) },
        },
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const principal = { companyId, subaccountId: 0, isMaster: true, grants: 'all' as const, keyId: null };
        const accepted = await ctx.engine.transmissions
          .send(principal, {
            campaign_id: 'console-test',
            recipients: [{ address: { email: request.body.email } }],
            content: {
              from: { email: sender, name: 'Test' },
              subject: 'Test message',
              html: '<p>This is a test message sent from the console.</p>',
            },
          })
          .catch((error: unknown) => {
            const quota = exceededQuota(error);
            if (!quota) throw error;
            throw appError(
              403,
              'quotaExceeded',
              quotaExceededMessage(quota.subfeature, quota.feature),
              quota,
            );
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
        const environment = await ctx.engine.send.environmentOf(companyId);
        return { data: { transmissionId: accepted.id, environment, recipient: request.body.email } };
      },
    );
  };
}
