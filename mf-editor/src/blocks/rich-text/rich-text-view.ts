import DOMPurify from 'dompurify';

/** The tags and attributes Tiptap's schema (extensions.ts) and the server's sanitizer both keep. */
const tags = ['p', 'br', 'strong', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote'];

/** The rich text of a block not being edited, purified as the server's sanitizer would keep it. */
export function richTextView(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: tags,
    ALLOWED_ATTR: ['href'],
    // The links validation.ts accepts: web, mail and phone addresses and merge tags.
    ALLOWED_URI_REGEXP: /^(https?:\/\/|mailto:|tel:|\{\{)/i,
  });
}
