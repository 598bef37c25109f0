import type { ContentSource } from './render-worker.ts';

/** About how large each recipient's message will be: the content and its (base64) files. */
export function messageSizeEstimate(content: ContentSource): number {
  if (content.kind === 'rfc822') return content.source.length;
  if (content.kind === 'received') return content.raw.length;
  const { html, text, amp_html } = content.parts;
  const files = [...content.attachments, ...content.inlineImages].reduce(
    (sum, file) => sum + file.data.length,
    0,
  );
  return (html?.length ?? 0) + (text?.length ?? 0) + (amp_html?.length ?? 0) + files;
}
