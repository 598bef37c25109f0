import {
  authorizedRecipientLimit,
  envelope,
  type SandboxData,
  sandboxDataSchema,
} from '@app/shared/api/contract/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { bearerSecurity, sessionOf } from '../../http/auth.ts';
import { countMessages } from '../messages/message-reader.ts';
import { companyQuotas, periodOf } from '../usage/quotas.ts';
import { createRecipientService } from './authorized-recipients.ts';
import { loadOnboardingState } from './environment.ts';

/** What the welcome screens show: where the company is, who it may send to, and how to send. */
export function sandboxDataRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const recipients = createRecipientService(ctx);
  const smtpHost = new URL(ctx.config.publicUrl).hostname;

  const quotaOf = async (companyId: string, now: Date): Promise<SandboxData['quota']> => {
    const sandbox = (await companyQuotas(ctx.db, companyId, now)).find(
      (quota) => quota.feature === 'sandbox',
    );
    if (!sandbox) {
      const day = periodOf('daily', now);
      return {
        enabled: false,
        quota: 0,
        usage: 0,
        remaining: 0,
        periodStart: day?.start.toISOString() ?? null,
        periodEnd: day?.end.toISOString() ?? null,
      };
    }
    return {
      enabled: sandbox.enable,
      quota: sandbox.quota,
      usage: sandbox.usage,
      remaining: sandbox.quota === -1 ? -1 : Math.max(0, sandbox.quota - sandbox.usage),
      periodStart: sandbox.periodStart,
      periodEnd: sandbox.periodEnd,
    };
  };

  return async (app) => {
    app.get(
      '/on-boarding/sandbox-data',
      {
        onRequest: ctx.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: 'Environment, authorized recipients, sandbox quota, how to send and inbox counts',
          security: bearerSecurity,
          response: { 200: envelope(sandboxDataSchema) },
        },
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const now = ctx.clock.now();
        const today = periodOf('daily', now)?.start ?? now;
        const [state, items, quota, total, sentToday] = await Promise.all([
          loadOnboardingState(ctx.db, companyId),
          recipients.list(companyId),
          quotaOf(companyId, now),
          countMessages(ctx.db, companyId, 'sandbox'),
          countMessages(ctx.db, companyId, 'sandbox', today),
        ]);
        const data: SandboxData = {
          environment: state.environment,
          sandbox: state.sandbox,
          productionReady: state.productionReady,
          tour: state.tour,
          authorizedRecipients: {
            items,
            limit: authorizedRecipientLimit,
            verified: items.filter((item) => item.verified).length,
          },
          quota,
          sending: {
            apiBaseUrl: `${ctx.config.publicUrl}/api/v1`,
            smtp: { host: smtpHost, port: ctx.config.smtpPort, username: 'SMTP_Injection' },
          },
          messages: { total, today: sentToday },
        };
        return { data };
      },
    );
  };
}
