import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain-error.ts';
import { escapeHtml } from '../../html-escape.ts';
import { sendPublicPage } from '../../http/public-page.ts';
import type { FormSubmitService } from './form-submit-service.ts';

const formIdPattern = /^[0-9]{1,18}$/;

/** A published form alone on a page: its name as the heading, drawn by `<signup-form>` from this origin. */
const hostedFormDocument = (form: { formId: string; name: string }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(form.name)}</title>
<script type="module" src="/embed/signup-form.js"></script>
<style>body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2937;background:#fff}main{max-width:560px;margin:0 auto;padding:24px 16px}h1{font-size:1.5rem;margin:0 0 16px}</style>
</head><body><main><h1>${escapeHtml(form.name)}</h1><signup-form form-id="${escapeHtml(form.formId)}"></signup-form></main></body></html>`;

/**
 * The hosted form (issue 26: "a hosted URL and an iframe snippet as well"): `/forms/{id}` on the
 * sites origin, a page any site may frame (`policy`), posting to the sites' own Form API. An
 * unpublished or unknown form is a 404 page a visitor can read.
 */
export function hostedFormRoutes(deps: { submits: FormSubmitService; policy: string }): FastifyPluginAsync {
  return async (app) => {
    app.get('/forms/:id', async (request, reply) => {
      const { id } = request.params as { id: string };
      const form = formIdPattern.test(id)
        ? await deps.submits.definition(id).catch((error: unknown) => {
            if (error instanceof DomainError && error.code === 'entityNotFound') return undefined;
            throw error;
          })
        : undefined;
      if (!form) {
        return sendPublicPage(
          reply,
          'Form not available',
          '<p>This form is not available: it may have been unpublished. Check the address you followed.</p>',
          404,
        );
      }
      return reply
        .header('content-security-policy', deps.policy)
        .header('cache-control', 'public, max-age=30')
        .type('text/html; charset=utf-8')
        .send(hostedFormDocument(form));
    });
  };
}
