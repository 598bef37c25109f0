import type { PublicForm } from '@app/contract/marketing/forms';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../../domain-error.ts';
import { escapeHtml } from '../../html-escape.ts';
import { sendPublicPage } from '../../http/public-page.ts';
import type { FormSubmitService } from './form-submit-service.ts';

const formIdPattern = /^[0-9]{1,18}$/;

const themes = {
  light: { text: '#1f2937', field: '#ffffff', border: '#b8c0cc', muted: '#4a5462' },
  dark: { text: '#f3f4f6', field: '#111827', border: '#4b5563', muted: '#cbd5e1' },
} as const;

/**
 * A published form alone on a page, as its instant-form settings (§3) dress it: the logo, the
 * heading and words, the font, the colours and theme; drawn by `<signup-form>` from this origin.
 * Every setting is checked by the contract (colours, a font of the list, http(s) logo); text is escaped.
 */
function hostedFormDocument(form: PublicForm): string {
  const look = form.settings.instant;
  const theme = themes[look.theme];
  const font =
    look.fontFamily === 'system' ? 'system-ui,-apple-system,Segoe UI,Roboto,sans-serif' : look.fontFamily;
  const logo =
    look.showLogo && look.logo
      ? `<div style="text-align:${look.logoPosition};margin-bottom:16px"><img src="${escapeHtml(look.logo)}" alt="" style="max-height:64px;max-width:100%"></div>`
      : '';
  const description = look.description
    ? `<p style="margin:0 0 20px;white-space:pre-line;color:${theme.muted}">${escapeHtml(look.description)}</p>`
    : '';
  const variables = [
    `--signup-form-font:${font}`,
    `--signup-form-text:${theme.text}`,
    `--signup-form-field-background:${theme.field}`,
    `--signup-form-border:${theme.border}`,
    `--signup-form-muted:${theme.muted}`,
    `--signup-form-success:${look.successColor}`,
  ].join(';');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(look.title || form.name)}</title>
<script type="module" src="/embed/signup-form.js"></script>
<style>body{margin:0;font-family:${font};font-size:${look.fontSize}px;color:${theme.text};background:${look.background}}main{max-width:560px;margin:0 auto;padding:24px 16px}h1{font-size:1.5em;margin:0 0 12px}signup-form{font-size:${look.fontSize}px}</style>
</head><body><main>${logo}<header style="text-align:${look.headerAlign}"><h1>${escapeHtml(look.title || form.name)}</h1>${description}</header><signup-form form-id="${escapeHtml(form.formId)}" redirect-target="top" style="${variables}"></signup-form></main></body></html>`;
}

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
