import {
  addAuthorizedRecipientsBody,
  addAuthorizedRecipientsData,
  authorizedRecipientLimit,
  authorizedRecipientListData,
  authorizedRecipientParams,
  authorizedRecipientSchema,
  envelope,
  okData,
  resendAuthorizedRecipientBody,
  verifiedRecipientData,
} from '@app/contract/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { RecipientService } from './authorized-recipients.ts';

const tags = ['authorized recipients'];

/** The addresses a company in the sandbox may send to, once each has confirmed through its link. */
export interface RecipientRouteDeps {
  guards: Pick<AuthGuards, 'full'>;
  recipients: RecipientService;
}

export function recipientRoutes(deps: RecipientRouteDeps): FastifyPluginAsyncZod {
  const { recipients } = deps;
  const onRequest = deps.guards.full;
  const changes = [onRequest, requirePermission('send')];

  return async (app) => {
    app.get(
      '/authorized-recipient',
      {
        onRequest,
        schema: {
          tags,
          summary: "The company's authorized recipients, oldest first",
          security: bearerSecurity,
          response: { 200: envelope(authorizedRecipientListData) },
        },
      },
      async (request) => ({
        data: { items: await recipients.list(sessionOf(request).companyId), limit: authorizedRecipientLimit },
      }),
    );

    app.post(
      '/authorized-recipient',
      {
        onRequest: changes,
        schema: {
          tags,
          summary: `Add addresses (at most ${authorizedRecipientLimit} per company); each new one gets a verification mail`,
          description:
            'Addresses are lower-cased and de-duplicated; ones already listed are left alone. Going over the ' +
            'limit answers 409 quotaExceeded and adds none.',
          security: bearerSecurity,
          body: addAuthorizedRecipientsBody,
          response: { 200: envelope(addAuthorizedRecipientsData) },
        },
      },
      async (request) => ({
        data: await recipients.add(sessionOf(request).companyId, request.body.emails, request.log),
      }),
    );

    app.post(
      '/authorized-recipient/resend-email',
      {
        onRequest: changes,
        schema: {
          tags,
          summary: 'Send the verification mail again (once a minute per address)',
          description: '429 tooManyAttempts within a minute of the last mail; 409 state if already verified.',
          security: bearerSecurity,
          body: resendAuthorizedRecipientBody,
          response: { 200: envelope(authorizedRecipientSchema) },
        },
      },
      async (request) => ({
        data: await recipients.resend(sessionOf(request).companyId, request.body.email),
      }),
    );

    app.delete(
      '/authorized-recipient/:id',
      {
        onRequest: changes,
        schema: {
          tags,
          summary: 'Remove an authorized recipient (by the id of the list)',
          security: bearerSecurity,
          params: authorizedRecipientParams,
          response: { 200: envelope(okData) },
        },
      },
      async (request) => {
        await recipients.remove(sessionOf(request).companyId, request.params.id);
        return { data: true as const };
      },
    );

    app.get(
      '/authorized-recipient/verify/:id',
      {
        schema: {
          tags,
          summary: 'The link of the verification mail: marks the address verified (no login; repeatable)',
          params: authorizedRecipientParams,
          response: { 200: envelope(verifiedRecipientData) },
        },
      },
      async (request) => ({ data: await recipients.verify(request.params.id) }),
    );
  };
}
