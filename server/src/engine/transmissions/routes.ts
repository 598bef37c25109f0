import { numericIdParams } from '@app/contract/engine/common';
import {
  maxRecipients,
  results,
  sparkpostRecipient,
  transmissionBody,
  transmissionCancelQuery,
  transmissionEnvelope,
  transmissionListQuery,
  transmissionOne,
  transmissionSendAnswer,
  transmissionSendQuery,
  transmissionSummary,
} from '@app/contract/engine/index';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { engineValidatorCompiler } from '../../http/engine-api.ts';
import { principalOf, requireGrant } from '../../http/principal.ts';
import { parseInSlices } from '../../http/sliced-validation.ts';
import { InvalidFields, notFound, sparkpostError } from '../../http/sparkpost-errors.ts';
import { templateLimitsText } from '../substitution/render.ts';
import { checkSenderAndHeaders } from '../templates/content.ts';
import { chunkedGenerationText } from './chunked-generation.ts';
import type { TransmissionService } from './transmission-service.ts';

const tags = ['transmissions'];

/** Transmissions carry attachments: up to 50 MB of JSON per request. */
const bodyLimit = 50 * 1024 * 1024;

/**
 * Parses a body's recipients (up to 100,000) in slices before the body is validated, and leaves
 * the rest of the body to transmissionEnvelope: parsed at once, that many recipients held the event
 * loop for a quarter of a second. When recipients are refused, the rest of the body is checked too,
 * so one answer names every field at fault.
 */
async function parseRecipients(request: FastifyRequest): Promise<void> {
  const body = request.body as { recipients?: unknown } | null;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.recipients)) return;
  if (body.recipients.length > maxRecipients) {
    throw new InvalidFields([
      {
        path: ['recipients'],
        message: `at most ${maxRecipients.toLocaleString('en-US')} recipients per transmission, not ${body.recipients.length.toLocaleString('en-US')}`,
      },
    ]);
  }
  try {
    body.recipients = await parseInSlices(sparkpostRecipient, body.recipients, ['recipients']);
  } catch (error) {
    if (!(error instanceof InvalidFields)) throw error;
    const rest = transmissionEnvelope.safeParse({ ...body, recipients: [] });
    const others = rest.success
      ? []
      : rest.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
    throw new InvalidFields([...others, ...error.issues]);
  }
}

export function transmissionRoutes({
  transmissions: service,
}: {
  transmissions: TransmissionService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/transmissions',
      {
        bodyLimit,
        preValidation: parseRecipients,
        // The schema below documents the body; it is validated as parseRecipients and the envelope say.
        validatorCompiler: ({ schema, ...route }) =>
          engineValidatorCompiler({
            ...route,
            // Each part's own schema (fastify types it as the whole route's).
            schema: route.httpPart === 'body' ? transmissionEnvelope : (schema as unknown as z.ZodType),
          }),
        onRequest: requireGrant('transmissions/modify'),
        schema: {
          tags,
          summary: 'Send (or schedule) a message to one or many recipients',
          description: `${templateLimitsText} ${chunkedGenerationText}`,
          querystring: transmissionSendQuery,
          body: transmissionBody,
          response: { 200: transmissionSendAnswer },
        },
      },
      async (request) => {
        if ('from' in request.body.content) checkSenderAndHeaders(request.body.content);
        const accepted = await service.send(principalOf(request), request.body);
        const rcptErrors = accepted.rcptErrors.slice(
          0,
          request.query.num_rcpt_errors ?? accepted.rcptErrors.length,
        );
        return {
          results: {
            total_rejected_recipients: accepted.rejected,
            total_accepted_recipients: accepted.accepted,
            id: accepted.id,
            ...(rcptErrors.length > 0 ? { rcpt_to_errors: rcptErrors } : {}),
          },
          ...(accepted.rejected > 0
            ? { errors: [{ message: 'transmission created, but with validation errors', code: '2000' }] }
            : {}),
        };
      },
    );

    app.get(
      '/transmissions',
      {
        onRequest: requireGrant('transmissions/view'),
        schema: {
          tags,
          summary: 'Transmissions of the account, newest first (scheduled ones included)',
          querystring: transmissionListQuery,
          response: { 200: results(z.array(transmissionSummary)) },
        },
      },
      async (request) => ({ results: await service.list(principalOf(request), request.query) }),
    );

    app.get(
      '/transmissions/:id',
      {
        onRequest: requireGrant('transmissions/view'),
        schema: {
          tags,
          summary: 'One transmission',
          params: numericIdParams,
          response: { 200: results(transmissionOne) },
        },
      },
      async (request) => {
        const transmission = await service.get(principalOf(request), request.params.id);
        if (!transmission) throw notFound(`Resource not found:transmission id ${request.params.id}`);
        return { results: { transmission } };
      },
    );

    app.delete(
      '/transmissions',
      {
        onRequest: requireGrant('transmissions/modify'),
        schema: {
          tags,
          summary: "Cancel a campaign's scheduled transmissions",
          querystring: transmissionCancelQuery,
        },
      },
      async (request, reply) => {
        await service.cancelCampaign(principalOf(request), request.query.campaign_id);
        return reply.code(204).send();
      },
    );

    app.delete(
      '/transmissions/:id',
      {
        onRequest: requireGrant('transmissions/modify'),
        schema: { tags, summary: 'Cancel a scheduled transmission', params: numericIdParams },
      },
      async (request, reply) => {
        const outcome = await service.cancel(principalOf(request), request.params.id);
        if (outcome === 'not_found')
          throw notFound(`Resource not found:transmission id ${request.params.id}`);
        if (outcome === 'too_close') {
          throw sparkpostError(
            409,
            'too close to generation time to delete transmission',
            '2003',
            "Deletion time window (660 seconds) doesn't permit transmission deletion",
          );
        }
        if (outcome !== 'canceled') {
          throw sparkpostError(
            409,
            'transmission database record is in an invalid state for deletion',
            '2006',
            `Unable to delete a transmission that is ${outcome === 'Generating' ? 'in progress' : 'completed'} (state=${outcome})`,
          );
        }
        return reply.code(204).send();
      },
    );
  };
}
