import { trackingPaths } from '@app/contract/engine/tracking';
import DOMPurify from 'dompurify';

/** HTML from the server (toast titles and messages, captured mail) is sanitized before rendering. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** A purifier of its own, so its hook never touches sanitizeHtml's answers. */
let previewPurifier: ReturnType<typeof DOMPurify> | undefined;

function isOpenPixel(src: string | null): boolean {
  if (!src) return false;
  try {
    return new URL(src, 'http://relative.invalid').pathname.startsWith(trackingPaths.open);
  } catch {
    return false;
  }
}

/**
 * A sent message's HTML for a preview in the console: sanitized, and without its open-tracking
 * pixels, so that looking at a message in the sandbox inbox or the captured mail is not counted as
 * the recipient opening it.
 */
export function sanitizeMailPreview(html: string): string {
  if (!previewPurifier) {
    previewPurifier = DOMPurify(window);
    previewPurifier.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'img' && node instanceof Element && isOpenPixel(node.getAttribute('src'))) {
        node.remove();
      }
    });
  }
  return previewPurifier.sanitize(html, { USE_PROFILES: { html: true } });
}
