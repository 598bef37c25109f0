import { createHash } from 'node:crypto';
import { allBlocks } from '@app/contract/editor/all-blocks';
import type { EmailDesign } from '@app/contract/editor/design';

/** Where the sites serve a Code block's HTML: `/embed/code/{id}`, `id` named by the HTML itself. */
export const codeSnippetPath = (html: string) =>
  `/embed/code/${createHash('sha256').update(html).digest('base64url').slice(0, 32)}`;

/** The HTML of a design's Code blocks, each with the id its frame asks for (the last part of its path). */
export function codeSnippetsOf(design: Pick<EmailDesign, 'blocks'>): { id: string; html: string }[] {
  const snippets = new Map<string, string>();
  for (const block of allBlocks(design.blocks)) {
    if (block.type !== 'code' || block.props.html.trim() === '') continue;
    snippets.set(codeSnippetPath(block.props.html).split('/').pop() ?? '', block.props.html);
  }
  return [...snippets].map(([id, html]) => ({ id, html }));
}
