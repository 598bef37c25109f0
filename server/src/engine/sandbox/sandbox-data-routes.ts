import {
  authorizedRecipientLimit,
  envelope,
  type SandboxData,
  sandboxDataSchema,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/db.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { countMessages } from '../messages/message-reader.ts';
import { companyQuotas, periodOf } from '../usage/quotas.ts';
import type { RecipientService } from './authorized-recipients.ts';
import type { EnvironmentService } from './environment.ts';

export interface SandboxDataRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'smtpPort'> & { smtp: Pick<Config['smtp'], 'tls'> };
  guards: Pick<AuthGuards, 'full'>;
  recipients: Pick<RecipientService, 'list'>;
  environments: Pick<EnvironmentService, 'state'>;
}

/** What the welcome screens show: where the company is, who it may send to, and how to send. */
export function sandboxDataRoutes(deps: SandboxDataRouteDeps): FastifyPluginAsyncZod {
  const { recipients } = deps;
  const smtpHost = new URL(deps.config.publicUrl).hostname;

  const quotaOf = async (companyId: string, now: Date): Promise<SandboxData['quota']> => {
    const sandbox = (await companyQuotas(deps.db, companyId, now)).find(
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
        onRequest: deps.guards.full,
        schema: {
          tags: ['onboarding'],
          summary: 'Environment, authorized recipients, sandbox quota, how to send and inbox counts',
          security: bearerSecurity,
          response: { 200: envelope(sandboxDataSchema) },
        },
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const now = deps.clock.now();
        const today = periodOf('daily', now)?.start ?? now;
        const [state, items, quota, total, sentToday] = await Promise.all([
          deps.environments.state(companyId),
          recipients.list(companyId),
          quotaOf(companyId, now),
          countMessages(deps.db, companyId, 'sandbox'),
          countMessages(deps.db, companyId, 'sandbox', today),
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
            apiBaseUrl: `${deps.config.publicUrl}/api/v1`,
            smtp: {
              host: smtpHost,
              port: deps.config.smtpPort,
              username: 'SMTP_Injection',
              certificate: deps.config.smtp.tls ? 'configured' : 'self-signed',
            },
          },
          messages: { total, today: sentToday },
        };
        return { data };
      },
    );
  };
}
