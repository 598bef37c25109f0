import {
  activeSubscriptionData,
  envelope,
  type QuotaItem,
  quotaSummaryData,
  type Usage,
  usageData,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type PlanGroup, planGroupsOf } from '../../accounts/plans/plan-catalogue.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { DomainError } from '../../domain-error.ts';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../http/auth.ts';
import { activeSubscription, companyQuotas } from './quotas.ts';

const usageFeatures = ['email', 'bulk', 'daily', 'extra', 'purify', 'sandbox'] as const;

/** A plan the catalogue has no groups for (made by hand) still shows its engine quotas. */
const withTransactionalGroup = (groups: PlanGroup[]): PlanGroup[] =>
  groups.some((group) => group.name === 'transactional email')
    ? groups
    : [{ name: 'transactional email', enable: true, subFeatures: [] }, ...groups];

export interface UsageRouteDeps {
  db: Db;
  clock: Clock;
  guards: Pick<AuthGuards, 'full'>;
}

export function usageRoutes(deps: UsageRouteDeps): FastifyPluginAsyncZod {
  const quotasOf = (companyId: string) => companyQuotas(deps.db, companyId, deps.clock.now());

  return async (app) => {
    app.get(
      '/v1/usage',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['usage'],
          summary: "This period's usage against the plan's quotas",
          security: bearerSecurity,
          response: { 200: envelope(usageData) },
        },
      },
      async (request) => {
        const quotas = await quotasOf(sessionOf(request).companyId);
        const plan = quotas[0]?.plan ?? 'FREE';
        const data = Object.fromEntries(
          usageFeatures.map((feature) => {
            const found = quotas.find((quota) => quota.feature === feature);
            // A feature the plan does not list is simply not available. (The response schema drops
            // the plan-list fields limitName and label.)
            const item: QuotaItem = found ?? {
              feature,
              usage: 0,
              quota: 0,
              enable: false,
              type: 'none',
              plan,
              version: 1,
              periodStart: null,
              periodEnd: null,
              lastUpdated: null,
            };
            return [feature, item];
          }),
        ) as Usage;
        return { data };
      },
    );

    app.get(
      '/app/usages/quota',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['usage'],
          summary:
            'Monthly email quota: plan, quota, used and remaining, add-on emails included (-1 = unlimited)',
          security: bearerSecurity,
          response: { 200: envelope(quotaSummaryData) },
        },
      },
      async (request) => {
        const quotas = await quotasOf(sessionOf(request).companyId);
        const email = quotas.find((quota) => quota.feature === 'email');
        if (!email) throw new DomainError('entityNotFound', 'The company has no email quota');
        // Sends go on to an enabled add-on quota once the monthly one is used up (usage-meter.ts).
        const extra = quotas.find((quota) => quota.feature === 'extra' && quota.enable);
        const unlimited = email.quota === -1 || extra?.quota === -1;
        const extraLeft = extra ? Math.max(0, extra.quota - extra.usage) : 0;
        return {
          data: {
            plan: email.plan,
            quota: email.quota,
            usage: email.usage,
            remaining: unlimited ? -1 : Math.max(0, email.quota - email.usage) + extraLeft,
            periodStart: email.periodStart,
            periodEnd: email.periodEnd,
          },
        };
      },
    );

    app.get(
      '/app/subscriptions/active-subscription',
      {
        onRequest: deps.guards.full,
        schema: {
          tags: ['usage'],
          summary: "The company's plan: its 24 feature groups (§3), each with its limits (-1: unlimited)",
          security: bearerSecurity,
          response: { 200: envelope(activeSubscriptionData) },
        },
      },
      async (request) => {
        const { companyId } = sessionOf(request);
        const [subscription, quotas, groups] = await Promise.all([
          activeSubscription(deps.db, companyId),
          quotasOf(companyId),
          planGroupsOf(deps.db, companyId),
        ]);
        return {
          data: {
            packetId: subscription.plan_id,
            plan: subscription.plan_id,
            startDate: subscription.started_at.toISOString(),
            expiredDate: subscription.expires_at?.toISOString() ?? null,
            features: withTransactionalGroup(groups).map((group) => {
              // The engine's quotas: all of them on the transactional email group, as before the
              // catalogue; the member limit on the team group too.
              const engineQuotas =
                group.name === 'transactional email'
                  ? quotas
                  : group.name === 'team'
                    ? quotas.filter((quota) => quota.feature === 'member')
                    : [];
              return {
                ...group,
                subFeatures: [
                  ...engineQuotas.map((quota) => ({
                    name: quota.limitName,
                    text: quota.label,
                    limit: quota.quota,
                    enable: quota.enable,
                  })),
                  ...group.subFeatures,
                ],
              };
            }),
            price: subscription.price_cents / 100,
            subscription: 'monthly',
            subscribe: true,
            version: subscription.version,
            group: subscription.plan_group,
            paymentMethod: subscription.payment_method,
          },
        };
      },
    );
  };
}
