import { envelope } from '@app/contract/common';
import { numericIdParams } from '@app/contract/engine/common';
import { abTestShare, abWaitHours, maxAbVersions } from '@app/contract/marketing/ab-test-words';
import {
  type AbSettings,
  campaignCount,
  campaignListAnswer,
  campaignListItem,
  campaignListQuery,
  campaignPatchBody,
  campaignReadiness,
  campaignSchema,
  campaignSendBody,
  campaignTestBody,
  campaignTestSent,
  newCampaignBody,
} from '@app/contract/marketing/campaigns';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { CampaignService } from './campaign-service.ts';

/** A campaign's body: its content (HTML up to 2 MB, or a block design) with room for JSON's escapes. */
const campaignBodyLimit = 5 * 1024 * 1024;

export interface CampaignRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  campaigns: CampaignService;
  /** `campaign`: §7 /email-marketing; `ab`: §7 /ab-test, the same routes over the A/B tests. */
  kind: 'campaign' | 'ab';
}

/** A new A/B test's settings until the composer changes them: version B to fill in, 20 % tested for 4 hours on clicks. */
const defaultAb: AbSettings = {
  versions: [{}],
  testShare: abTestShare.default,
  waitHours: abWaitHours.default,
  metric: 'clicks',
};

/** §7 /email-marketing (or /ab-test): the company's campaigns (or A/B tests), with the console session. */
export function campaignRoutes(deps: CampaignRouteDeps): FastifyPluginAsyncZod {
  const { guards, campaigns, kind } = deps;
  const base = kind === 'ab' ? '/ab-test' : '/email-marketing';
  const tags = [kind === 'ab' ? 'ab-tests' : 'campaigns'];
  // An A/B test's body holds up to four contents.
  const bodyLimit = kind === 'ab' ? campaignBodyLimit * maxAbVersions : campaignBodyLimit;
  const compose = [guards.full, requirePermission('campaigns.compose')];
  const send = [guards.full, requirePermission('campaigns.send')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;
  /** A route on one campaign answering it: `summary`, and who may call it. */
  const one = (summary: string, onRequest = compose) => ({
    onRequest,
    schema: {
      tags,
      summary,
      security: bearerSecurity,
      params: numericIdParams,
      response: { 200: envelope(campaignSchema) },
    },
  });

  return async (app) => {
    app.get(
      base,
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's campaigns, newest first: page, size, search (name or subject), status",
          security: bearerSecurity,
          querystring: campaignListQuery,
          response: { 200: envelope(campaignListAnswer) },
        },
      },
      async (request) => ({ data: await campaigns.list(companyOf(request), request.query, kind) }),
    );

    app.post(
      base,
      {
        onRequest: compose,
        bodyLimit,
        schema: {
          tags,
          summary: 'Start a campaign as a draft (a name; the rest can come later)',
          security: bearerSecurity,
          body: newCampaignBody,
          response: { 201: envelope(campaignSchema) },
        },
      },
      async (request, reply) => {
        const body = kind === 'ab' ? { ...request.body, ab: request.body.ab ?? defaultAb } : request.body;
        const data = await campaigns.create(companyOf(request), body);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      `${base}/:id/status`,
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'Where a campaign stands, without its content (what a page following a send polls)',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(campaignListItem) },
        },
      },
      async (request) => ({ data: await campaigns.status(companyOf(request), request.params.id) }),
    );

    app.get(`${base}/:id`, one('A campaign with its status', [guards.full]), async (request) => ({
      data: await campaigns.get(companyOf(request), request.params.id),
    }));

    app.patch(
      `${base}/:id`,
      {
        onRequest: compose,
        bodyLimit,
        schema: { ...one('Change a draft').schema, body: campaignPatchBody },
      },
      async (request) => ({
        data: await campaigns.update(companyOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      `${base}/:id`,
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'Delete a campaign that is not going out',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await campaigns.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );

    app.post(
      `${base}/:id/duplicate`,
      {
        onRequest: compose,
        schema: {
          tags,
          summary: 'Copy a campaign into a new draft',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 201: envelope(campaignSchema) },
        },
      },
      async (request, reply) => {
        const data = await campaigns.duplicate(companyOf(request), request.params.id);
        return reply.code(201).send({ data });
      },
    );

    app.post(
      `${base}/:id/count-recipient`,
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'How many contacts the campaign would go to now (each once, only those who may be mailed)',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(campaignCount) },
        },
      },
      async (request) => ({
        data: { count: await campaigns.countRecipients(companyOf(request), request.params.id) },
      }),
    );

    app.get(
      `${base}/:id/html`,
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The campaign's HTML as it is sent, as a file (companies with the htmlDownload toggle)",
          security: bearerSecurity,
          params: numericIdParams,
        },
      },
      async (request, reply) => {
        const html = await campaigns.html(companyOf(request), request.params.id);
        return reply
          .type('text/html; charset=utf-8')
          .header('content-disposition', contentDisposition(`campaign-${request.params.id}.html`))
          .send(html);
      },
    );

    app.get(
      `${base}/:id/ready`,
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'The ready-to-send check: what the campaign still lacks (nothing: Send can be offered)',
          security: bearerSecurity,
          params: numericIdParams,
          response: { 200: envelope(campaignReadiness) },
        },
      },
      async (request) => ({ data: await campaigns.readiness(companyOf(request), request.params.id) }),
    );

    app.post(
      `${base}/:id/send-test-v2`,
      {
        onRequest: compose,
        schema: {
          tags,
          summary: "Mail the campaign as it stands to test addresses, with a chosen contact's data",
          security: bearerSecurity,
          params: numericIdParams,
          body: campaignTestBody,
          response: { 200: envelope(campaignTestSent) },
        },
      },
      async (request) => ({
        data: await campaigns.sendTest(companyOf(request), request.params.id, request.body),
      }),
    );

    app.post(
      `${base}/:id/send`,
      {
        onRequest: send,
        schema: {
          ...one('Send the draft now, or schedule it ("YYYY-MM-DD HH:mm" in the team\'s time zone)').schema,
          body: campaignSendBody,
        },
      },
      async (request) => ({
        data: await campaigns.send(companyOf(request), request.params.id, request.body),
      }),
    );

    app.post(`${base}/:id/pause`, one('Hold a send between two batches', send), async (request) => ({
      data: await campaigns.pause(companyOf(request), request.params.id),
    }));

    app.post(`${base}/:id/resume`, one('Go on with a held send where it stood', send), async (request) => ({
      data: await campaigns.resume(companyOf(request), request.params.id),
    }));

    app.post(
      `${base}/:id/cancel`,
      one(
        'Stop a scheduled, sending or paused campaign for good (what the engine took still goes out)',
        send,
      ),
      async (request) => ({ data: await campaigns.cancel(companyOf(request), request.params.id) }),
    );

    app.post(
      `${base}/:id/cancel-schedule`,
      one('Take a scheduled campaign back to a draft', send),
      async (request) => ({ data: await campaigns.cancelSchedule(companyOf(request), request.params.id) }),
    );
  };
}
