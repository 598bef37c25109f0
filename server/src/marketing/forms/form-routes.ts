import { envelope } from '@app/contract/common';
import { idParams } from '@app/contract/marketing/contacts';
import {
  form,
  formBody,
  formList,
  formListQuery,
  formPublishBody,
  formSubmissionList,
  formSubmissionQuery,
} from '@app/contract/marketing/forms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuthGuards, bearerSecurity, requirePermission, sessionOf } from '../../http/auth.ts';
import type { FormService } from './form-service.ts';

const fileParams = idParams.extend({ submissionId: z.string().max(20), fileId: z.string().max(40) });

const tags = ['forms'];

/** §7 /forms: the company's forms, with the console session; changes need forms.manage. */
export function formRoutes(deps: {
  guards: Pick<AuthGuards, 'full'>;
  forms: FormService;
}): FastifyPluginAsyncZod {
  const { guards, forms } = deps;
  const manage = [guards.full, requirePermission('forms.manage')];
  return async (app) => {
    app.get(
      '/forms',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'The forms, newest first: search by name, status published,draft',
          security: bearerSecurity,
          querystring: formListQuery,
          response: { 200: envelope(formList) },
        },
      },
      async (request) => ({ data: await forms.list(sessionOf(request).companyId, request.query) }),
    );

    app.post(
      '/forms',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Add a form (a draft): its fields, settings, the labels its contacts join',
          description:
            'A form that saves contacts needs a Short Answer filled into the email field (emailFieldMissing, §8 50). Child options only on Multiple Choice and Dropdown fields (§5).',
          security: bearerSecurity,
          body: formBody,
          response: { 201: envelope(form) },
        },
      },
      async (request, reply) =>
        reply.code(201).send({ data: await forms.create(sessionOf(request).companyId, request.body) }),
    );

    app.get(
      '/forms/:id',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'One form',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(form) },
        },
      },
      async (request) => ({ data: await forms.get(sessionOf(request).companyId, request.params.id) }),
    );

    app.put(
      '/forms/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Change a form (a published one changes on the sites at once)',
          security: bearerSecurity,
          params: idParams,
          body: formBody,
          response: { 200: envelope(form) },
        },
      },
      async (request) => ({
        data: await forms.update(sessionOf(request).companyId, request.params.id, request.body),
      }),
    );

    app.delete(
      '/forms/:id',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Delete a form and its submissions; a published form answers formPublished (§8 47)',
          security: bearerSecurity,
          params: idParams,
          response: { 200: envelope(z.object({})) },
        },
      },
      async (request) => {
        await forms.remove(sessionOf(request).companyId, request.params.id);
        return { data: {} };
      },
    );

    app.post(
      '/forms/:id/publish',
      {
        onRequest: manage,
        schema: {
          tags,
          summary: 'Publish or unpublish a form',
          description:
            "`{publish: true}` within the plan's publishedFormLimit; a double opt-in form needs a validated sender; formPublished (§8 47) when it already is.",
          security: bearerSecurity,
          params: idParams,
          body: formPublishBody,
          response: { 200: envelope(form) },
        },
      },
      async (request) => ({
        data: await forms.publish(sessionOf(request).companyId, request.params.id, request.body.publish),
      }),
    );

    app.get(
      '/forms/:id/submissions',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: "A form's submissions, newest first",
          security: bearerSecurity,
          params: idParams,
          querystring: formSubmissionQuery,
          response: { 200: envelope(formSubmissionList) },
        },
      },
      async (request) => ({
        data: await forms.submissions(sessionOf(request).companyId, request.params.id, request.query),
      }),
    );

    app.get(
      '/forms/:id/submissions/:submissionId/files/:fileId',
      {
        onRequest: guards.full,
        schema: {
          tags,
          summary: 'A file a visitor attached to a submission (an Upload File answer), as a download',
          security: bearerSecurity,
          params: fileParams,
        },
      },
      async (request, reply) => {
        const { id, submissionId, fileId } = request.params;
        const file = await forms.file(sessionOf(request).companyId, id, submissionId, fileId);
        // Whatever the visitor sent is downloaded, never shown in the console's origin.
        return reply
          .type(file.type)
          .header('content-length', file.size)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .send(file.body);
      },
    );

    app.get(
      '/forms/:id/submissions/export',
      {
        // The visitors' personal data leaves the console: the contact export's permission.
        onRequest: [guards.full, requirePermission('contacts.export')],
        schema: {
          tags,
          summary: "A form's submissions as CSV, oldest first, one column per question (contacts.export)",
          security: bearerSecurity,
          params: idParams,
        },
      },
      async (request, reply) => {
        const csv = await forms.csv(sessionOf(request).companyId, request.params.id);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="form-${request.params.id}-submissions.csv"`)
          .send(csv);
      },
    );
  };
}
