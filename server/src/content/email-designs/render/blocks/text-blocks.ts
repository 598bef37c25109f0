import { type BlockConverter, column, rawContentStyle } from '../block-context.ts';
import { element, text } from '../markup.ts';
import { sanitizeHtmlBlock, sanitizeRichText } from '../sanitize-html.ts';
import { textAttributes } from './text-style.ts';

export const textBlock: BlockConverter<'text'> = ({ props, style }) => [
  column(element('mj-text', textAttributes(props, style), sanitizeRichText(props.html))),
];

export const contentBlock: BlockConverter<'content'> = ({ props, style }) => {
  const title = props.title
    ? `<h2 style="margin:0 0 12px;font-size:${Math.round(props.fontSize * 1.5)}px;line-height:1.25">${text(props.title)}</h2>`
    : '';
  return [column(element('mj-text', textAttributes(props, style), title + sanitizeRichText(props.html)))];
};

/** The user's own markup in a full-width block element, so stray widths cannot break the layout. */
/**
 * The Html block's markup as written, in the design's font and text colour: MJML's columns set a
 * font size of 0 (for their inline-block layout), which raw markup would otherwise inherit and vanish.
 */
export const htmlBlock: BlockConverter<'html'> = ({ props, style }, context) => [
  column(
    element(
      'mj-raw',
      {},
      `<div style="${rawContentStyle(context.global)};max-width:100%;overflow:hidden;text-align:${style.align}">${sanitizeHtmlBlock(props.html)}</div>`,
    ),
  ),
];
