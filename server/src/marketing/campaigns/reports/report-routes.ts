import { envelope } from '@app/contract/common';
import { numericIdParams } from '@app/contract/engine/common';
import {
  campaignReport,
  campaignReportLinks,
  campaignReportParams,
  campaignReportQuery,
  campaignReportRecipients,
  campaignTimeline,
} from '@app/contract/marketing/campaign-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, sessionOf } from '../../../http/auth.ts';
import type { ReportService } from './report-service.ts';

const tags = ['campaigns'];

/** §7 /email-marketing/reports: a campaign's report, with the console session. */
export function reportRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  reports: ReportService;
}): FastifyPluginAsyncZod {
  const { guards, reports } = deps;
  return async (app) => {
    app.get(
      '/email-marketing/reports/:id',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            "A campaign's totals: recipients delivered, bounced, opened (machine opens apart), clicked…",
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(campaignReport) },
        },
      },
      async (request) => ({ data: await reports.report(sessionOf(request).companyId, request.params.id) }),
    );

    app.get(
      '/email-marketing/reports/:id/timeline',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "A campaign's first 48 hours, hour by hour: first deliveries, people's opens and clicks",
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(campaignTimeline) },
        },
      },
      async (request) => ({
        data: await reports.timeline(sessionOf(request).companyId, request.params.id),
      }),
    );

    app.get(
      '/email-marketing/reports/:id/links',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'The links people clicked in the campaign: clicks and people for each, most clicked first',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(campaignReportLinks) },
        },
      },
      async (request) => ({ data: await reports.links(sessionOf(request).companyId, request.params.id) }),
    );

    app.get(
      '/email-marketing/reports/:id/:type',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary:
            'The recipients of one report type (§9: delivered, opened, clicked, notopen, bounceback, unsubscribed, reportspam)',
          security: bearerSecurity,
          params: campaignReportParams,
          querystring: campaignReportQuery,
          response: { 200: envelope(campaignReportRecipients) },
        },
      },
      async (request) => {
        const { id, type } = request.params;
        const { page, size } = request.query;
        return { data: await reports.recipients(sessionOf(request).companyId, id, type, page, size) };
      },
    );
  };
}
