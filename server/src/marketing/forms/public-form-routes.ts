import { envelope } from '@app/contract/common';
import {
  formFileQuery,
  formSubmission,
  formSubmissionFile,
  formSubmitted,
  publicForm,
} from '@app/contract/marketing/forms';
import { uploadLimitBytes } from '@app/contract/rules/constants';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, invalidField } from '../../domain-error.ts';
import { escapeHtml } from '../../html-escape.ts';
import { sendPublicPage } from '../../http/public-page.ts';
import type { FormSubmitService } from './form-submit-service.ts';
import { createSubmitLimiter, type SubmitLimits } from './submit-limiter.ts';

const tags = ['form API'];
const formParams = z.object({ id: z.string().max(32) });
const tokenParams = z.object({ token: z.string().max(100) });
/** A submission is a few answers; 64 KB leaves room for long answers and the captcha payload. */
const maxSubmissionBytes = 64 * 1024;

/**
 * Every /embed/forms answer (errors and preflights too) may be read from any origin: a form is
 * embedded on the company's own sites. No credentials: nothing here reads a session or a cookie.
 */
function allowAnyOrigin(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  reply.header('access-control-allow-origin', '*');
  if (request.method === 'OPTIONS') {
    reply
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600');
  }
  done();
}

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
const unknownLink = 'This confirmation link is not valid. Open it again from the email you received.';

/**
 * The Form API (§2 menu "Form API"): a published form's definition, its captcha challenge and the
 * public submit, open to any origin, no session; and the double opt-in confirmation page, whose GET
 * only shows (a mail scanner following the link confirms nothing) and whose POST confirms.
 */
export function publicFormRoutes(deps: {
  submits: FormSubmitService;
  limits: SubmitLimits;
}): FastifyPluginAsyncZod {
  const { submits } = deps;
  const limiter = createSubmitLimiter(deps.limits);
  // Files count apart from submissions, with the same limits: a visitor sends a few with one submission.
  const fileLimiter = createSubmitLimiter(deps.limits);
  const embedRoutes: FastifyPluginAsyncZod = async (embed) => {
    embed.addHook('onRequest', allowAnyOrigin);
    embed.options('/embed/forms/*', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(204).send(),
    );

    embed.get(
      '/embed/forms/:id',
      {
        schema: {
          tags,
          summary: 'A published form as a page draws it (what <signup-form form-id> reads)',
          params: formParams,
          response: { 200: envelope(publicForm) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'public, max-age=30');
        return { data: await submits.definition(request.params.id) };
      },
    );

    embed.get(
      '/embed/forms/:id/challenge',
      {
        schema: {
          tags,
          summary: 'A proof-of-work challenge (ALTCHA) for one submission of the form',
          params: formParams,
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return submits.challenge(request.params.id);
      },
    );

    await embed.register(fileRoutes);

    embed.post(
      '/embed/forms/:id/submit',
      {
        bodyLimit: maxSubmissionBytes,
        schema: {
          tags,
          summary: "Submit a visitor's answers to a published form",
          description:
            '`answers` by field id (text, or option ids); `captcha` the solved challenge (base64 JSON of challenge and solution); `website` left empty. FORM_SUBMITS_PER_VISITOR_PER_MINUTE (10) a minute per visitor per form; captchaRequired or captchaInvalid when the captcha fails, and nothing is kept.',
          params: formParams,
          body: formSubmission,
          response: { 200: envelope(formSubmitted) },
        },
      },
      async (request) => {
        if (!limiter.allow(request.params.id, request.ip)) {
          throw new DomainError('tooManyAttempts', 'Too many submissions, try again in a minute');
        }
        return { data: await submits.submit(request.params.id, request.body, request.ip) };
      },
    );
  };

  const fileRoutes: FastifyPluginAsyncZod = async (files) => {
    // One file a request, read as it comes (never whole in memory); over 20 MB is refused as it streams.
    await files.register(multipart, {
      limits: { fileSize: uploadLimitBytes + 1, files: 1, fields: 0, parts: 1 },
    });
    files.withTypeProvider<ZodTypeProvider>().post(
      '/embed/forms/:id/files',
      {
        schema: {
          tags,
          summary: "Send a file for a published form's Upload File field, before the submit names it",
          description:
            "multipart/form-data, one file in a part named file; `field` the Upload File field's id. §5's file types, at most 20 MB, within the company's form upload storage. The answer's `id` is that field's answer in the submit; a file no submission names within an hour is removed.",
          params: formParams,
          querystring: formFileQuery,
          response: { 201: envelope(formSubmissionFile) },
        },
      },
      async (request, reply) => {
        if (!fileLimiter.allow(request.params.id, request.ip)) {
          throw new DomainError('tooManyAttempts', 'Too many files, try again in a minute');
        }
        const part = request.isMultipart() ? await request.file() : undefined;
        if (part?.fieldname !== 'file') {
          throw invalidField('file', 'Send the file as multipart/form-data, in a part named file');
        }
        try {
          const file = await submits.receive(
            request.params.id,
            request.query.field,
            part.filename,
            part.file,
          );
          return reply.code(201).send({ data: file });
        } catch (error) {
          part.file.resume(); // a refused file is read to its end, unkept, so the answer reaches the visitor
          throw error;
        }
      },
    );
  };

  const confirmationPages: FastifyPluginAsyncZod = async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    pages.get(
      '/forms/confirm/:token',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        const state = await submits.linkState(request.params.token);
        if (state === 'unknown') return sendPublicPage(reply, 'Link not valid', paragraph(unknownLink), 404);
        if (state === 'confirmed') {
          return sendPublicPage(
            reply,
            'Subscription confirmed',
            paragraph('Your subscription is already confirmed.'),
          );
        }
        return sendPublicPage(
          reply,
          'Confirm your subscription',
          `${paragraph('Confirm that you want to receive our emails.')}<form method="post"><button type="submit">Confirm my subscription</button></form>`,
        );
      },
    );
    pages.post(
      '/forms/confirm/:token',
      { schema: { hide: true, params: tokenParams } },
      async (request, reply) => {
        if (!(await submits.confirm(request.params.token, request.ip))) {
          return sendPublicPage(reply, 'Link not valid', paragraph(unknownLink), 404);
        }
        return sendPublicPage(
          reply,
          'Subscription confirmed',
          paragraph('Thank you: your subscription is confirmed.'),
        );
      },
    );
  };

  return async (app) => {
    await app.register(embedRoutes);
    await app.register(confirmationPages);
  };
}
