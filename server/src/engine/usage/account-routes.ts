import { messageAnswer } from '@app/contract/engine/common';
import {
  type AccountOptionName,
  type AccountView,
  accountOptionNames,
  accountQuery,
  accountUpdateBody,
  accountView,
  results,
  type UsageView,
  usageView,
} from '@app/contract/engine/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CompanyStore } from '../../accounts/company/company-store.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/db.ts';
import { principalOf, requireGrant, requireMaster } from '../../http/principal.ts';
import { invalidParameter } from '../../http/sparkpost-errors.ts';
import type { AccountOptionStore } from './account-options.ts';
import { activeSubscription, type CompanyQuota, companyQuotas, periodOf } from './quotas.ts';

const tags = ['account'];

export interface AccountRouteDeps {
  db: Db;
  clock: Clock;
  companies: Pick<CompanyStore, 'detail' | 'rename'>;
  accountOptions: Pick<AccountOptionStore, 'detail' | 'set'>;
}

const isAccountOption = (name: string): name is AccountOptionName =>
  (accountOptionNames as readonly string[]).includes(name);

const later = (a: Date, b: Date | undefined) => (b && b > a ? b : a);

function usageOf(quotas: readonly CompanyQuota[], now: Date): NonNullable<AccountView['usage']> {
  const usage: NonNullable<AccountView['usage']> = { timestamp: now.toISOString() };
  const period = (feature: string) => {
    const quota = quotas.find((candidate) => candidate.feature === feature);
    if (!quota?.periodStart || !quota.periodEnd) return undefined;
    return { used: quota.usage, limit: quota.quota, start: quota.periodStart, end: quota.periodEnd };
  };
  const day = period('daily');
  if (day) usage.day = day;
  const month = period('email');
  if (month) usage.month = month;
  const sandbox = quotas.find((quota) => quota.feature === 'sandbox' && quota.enable);
  if (sandbox) usage.sandbox = { used: sandbox.usage, limit: sandbox.quota };
  return usage;
}

function messagingOf(quotas: readonly CompanyQuota[], now: Date): UsageView['messaging'] {
  const { day, month } = usageOf(quotas, now);
  const messaging: UsageView['messaging'] = {
    // Counters are kept per period: a send before this month is not seen here.
    last_usage_date: quotas.find((quota) => quota.feature === 'email')?.lastUpdated?.slice(0, 10) ?? null,
    timestamp: now.toISOString(),
  };
  if (day) messaging.day = { start: day.start, end: day.end, used: day.used };
  if (month) messaging.month = { start: month.start, end: month.end, used: month.used };
  return messaging;
}

/** SparkPost's account family: the company behind the key, its plan and, on request, its usage. */
export function accountRoutes({
  db,
  clock,
  companies,
  accountOptions,
}: AccountRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account',
      {
        onRequest: requireMaster,
        schema: {
          tags,
          summary: "The account's company and plan; include=usage adds this day's and month's sends",
          querystring: accountQuery,
          response: { 200: results(accountView) },
        },
      },
      async (request) => {
        const { companyId } = principalOf(request);
        const now = clock.now();
        const company = await companies.detail(companyId);
        const quotas = await companyQuotas(db, companyId, now);
        const subscription = await activeSubscription(db, companyId);
        const { options, updatedAt: optionsUpdated } = await accountOptions.detail(companyId);
        const monthly = quotas.find((quota) => quota.feature === 'email');
        const plan = monthly?.plan ?? subscription.plan_id;
        const renewal = periodOf('monthly', now)?.end ?? now;
        const account: AccountView = {
          customer_id: company.id,
          company_name: company.name,
          country_code: company.country,
          anniversary_date: renewal.toISOString(),
          created: company.created_at.toISOString(),
          updated: later(company.updated_at, optionsUpdated).toISOString(),
          // Companies are never suspended or closed here: active since they were made.
          status: 'active',
          status_updated: company.created_at.toISOString(),
          status_reason_category: '',
          tfa_required: false,
          service_level: 'standard',
          subscription: {
            code: plan,
            name: plan,
            plan_volume: monthly?.quota ?? 0,
            effective_date: subscription.started_at.toISOString(),
            self_serve: true,
            type: 'default',
          },
          options,
          // The console's contact form is the support there is; nobody answers a phone.
          support: { phone: false, online: true },
        };
        if (request.query.include === 'usage') account.usage = usageOf(quotas, now);
        return { results: account };
      },
    );

    app.get(
      '/usage',
      {
        onRequest: requireMaster,
        schema: {
          tags,
          summary: "This day's and month's messaging usage",
          response: { 200: results(usageView) },
        },
      },
      async (request) => {
        const now = clock.now();
        const quotas = await companyQuotas(db, principalOf(request).companyId, now);
        return { results: { messaging: messagingOf(quotas, now) } };
      },
    );

    app.put(
      '/account',
      {
        onRequest: [requireMaster, requireGrant('account/modify')],
        schema: {
          tags,
          summary:
            "Rename the company and set account options: its sends' tracking and transactional defaults",
          description:
            `Needs account/modify (console: settings.manage). options: ${accountOptionNames.join(', ')}; ` +
            'each kept until set again. tfa_required: true is refused (two-factor authentication is per user).',
          body: accountUpdateBody,
          response: { 200: results(messageAnswer) },
        },
      },
      async (request) => {
        const { companyId } = principalOf(request);
        const { company_name: name, tfa_required, options = {} } = request.body;
        // Refused rather than dropped: a client must not believe it turned a setting on.
        const unsupported = [
          ...(tfa_required === true ? ['tfa_required'] : []),
          ...Object.keys(options)
            .filter((option) => !isAccountOption(option))
            .map((option) => `options.${option}`),
        ];
        if (unsupported.length > 0) {
          throw invalidParameter(
            `${unsupported.join(', ')}: not supported by this server; the options are ${accountOptionNames.join(', ')}`,
          );
        }
        // Both or neither.
        await db.transaction(async (tx) => {
          if (name !== undefined) await companies.rename(tx, companyId, name, clock.now());
          if (Object.keys(options).length > 0) await accountOptions.set(tx, companyId, options);
        });
        return { results: { message: 'Account has been updated' } };
      },
    );
  };
}
