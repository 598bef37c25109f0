import { type BlockContext, type BlockConverter, column, rawContentStyle } from '../block-context.ts';
import { attr, element, safeHref, text } from '../markup.ts';

/**
 * §9's Form block (pages only): the published form drawn in the page by `<signup-form>`, which the
 * hosted page loads; nothing until a form is chosen.
 */
export const formBlock: BlockConverter<'form'> = ({ props, style }, context) => [
  column(
    props.formId
      ? element(
          'mj-raw',
          {},
          `<div style="${rawContentStyle(context.global)};text-align:${style.align}">${element('signup-form', { 'form-id': props.formId }, '')}</div>`,
        )
      : '',
  ),
];

/** Raw markup in a column, in the design's font (MJML's columns would give it font size 0). */
const raw = (context: BlockContext, align: string, content: string) =>
  column(
    element(
      'mj-raw',
      {},
      `<div style="${rawContentStyle(context.global)};text-align:${align}">${content}</div>`,
    ),
  );

/** §9 Text Expand: a native disclosure (keyboard and screen readers know it), open or closed at first. */
export const textExpandBlock: BlockConverter<'textExpand'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    `<details${props.open ? ' open' : ''} style="text-align:left;border-bottom:1px solid #d0d5dd;padding:8px 0">` +
      `<summary style="cursor:pointer;font-weight:600;color:${props.color}">${text(props.title || 'Question')}</summary>` +
      `<p style="margin:8px 0 0;white-space:pre-line">${text(props.body)}</p></details>`,
  ),
];

/** §9 Testimonial: the customer's words as a quote, with who said them. */
export const testimonialBlock: BlockConverter<'testimonial'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    `<figure style="margin:0">` +
      (props.photo
        ? `<img src="${attr(props.photo)}" alt="" width="72" height="72" style="border-radius:50%;object-fit:cover">`
        : '') +
      `<blockquote style="margin:12px 0;font-size:20px;font-style:italic;color:${props.color}">“${text(props.quote)}”</blockquote>` +
      `<figcaption><strong>${text(props.author)}</strong>${props.role ? `, ${text(props.role)}` : ''}</figcaption></figure>`,
  ),
];

/** §9 Navigation: the site's links, a list in a `nav` landmark. */
export const navigationBlock: BlockConverter<'navigation'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    `<nav aria-label="Site"><ul style="list-style:none;margin:0;padding:0">${props.links
      .map(
        (item) =>
          `<li style="display:inline-block;margin:4px 12px"><a href="${attr(safeHref(item.href) ?? '#')}" style="color:${props.color};font-size:${props.fontSize}px;text-decoration:none">${text(item.label)}</a></li>`,
      )
      .join('')}</ul></nav>`,
  ),
];
