import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../html-escape.ts';

/**
 * A small page a mail's reader opens (unsubscribe, subscription management…): inline style only (the
 * CSP allows it), no script, no outside resource, not indexed. `body` is HTML already escaped.
 */
export function publicPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.3rem;background:#1a5fb4;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a5fb4;border:1px solid #1a5fb4}
label{display:block;margin:.4rem 0}input[type=email],input[type=text],textarea{font:inherit;width:100%;box-sizing:border-box;padding:.4rem;border:1px solid #888;border-radius:.3rem}
fieldset{border:1px solid #ccc;border-radius:.3rem;margin:1rem 0}form{margin:1rem 0}.note{color:#555;font-size:.9rem}.error{color:#a51d2d}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Answers a public page, never cached (it shows one reader's state). */
export function sendPublicPage(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(publicPage(title, body));
}
