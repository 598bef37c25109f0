import { envelope } from '@app/contract/common';
import { idParams } from '@app/contract/marketing/contacts';
import {
  newSegmentBody,
  segmentCount,
  segmentCountBody,
  segmentListAnswer,
  segmentListQuery,
  segmentPatchBody,
  segmentSchema,
} from '@app/contract/marketing/segments';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../../http/auth.ts';
import type { SegmentService } from './segment-service.ts';

const tags = ['contacts'];

/** §7 /contacts/segment and /contacts/segment/{id}: saved rules, their live counts. */
export function segmentRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  segments: SegmentService;
}): FastifyPluginAsyncZod {
  const { guards, segments } = deps;
  const manage = [guards.full, requirePermission('labels.manage')];
  const companyOf = (request: FastifyRequest) => sessionOf(request).companyId;

  return async (app) => {
    app.get(
      '/contacts/segment',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "The company's segments",
          security: bearerSecurity,
          querystring: segmentListQuery,
          response: { 200: envelope(segmentListAnswer) },
        },
      },
      async (request) => ({ data: await segments.list(companyOf(request), request.query) }),
    );

    app.post(
      '/contacts/segment',
      {
        onRequest: manage,
        schema: {
          tags,
          summary:
            'Save a segment: a name and rules (groups of conditions on fields, status, labels, dates, engagement)',
          security: bearerSecurity,
          body: newSegmentBody,
          response: { 201: envelope(segmentSchema) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await segments.create(companyOf(request), request.body) }),
    );

    app.post(
      '/contacts/segment/count',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'How many contacts meet rules being edited (the live count)',
          security: bearerSecurity,
          body: segmentCountBody,
          response: { 200: envelope(segmentCount) },
        },
      },
      async (request) => ({
        data: { count: await segments.countRules(companyOf(request), request.body.rules) },
      }),
    );

    app.get(
      '/contacts/segment/:id',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'One segment',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(segmentSchema) },
        },
      },
      async (request) => ({ data: await segments.get(companyOf(request), request.params.id) }),
    );

    app.get(
      '/contacts/segment/:id/count',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'How many contacts meet the segment now',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(segmentCount) },
        },
      },
      async (request) => ({ data: { count: await segments.count(companyOf(request), request.params.id) } }),
    );

    app.patch(
      '/contacts/segment/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: "Change a segment's name or rules",
          security: bearerSecurity,
          params: idParams,
          body: segmentPatchBody,
          response: { 200: envelope(segmentSchema) },
        },
      },
      async (request) => ({
        data: await segments.update(companyOf(request), request.params.id, request.body),
      }),
    );

    app.delete(
      '/contacts/segment/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete a segment',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await segments.remove(companyOf(request), request.params.id);
        return { data: {} };
      },
    );
  };
}
