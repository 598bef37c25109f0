import DOMPurify from 'dompurify';

/** HTML from the server (toast titles and messages, captured mail) is sanitized before rendering. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
