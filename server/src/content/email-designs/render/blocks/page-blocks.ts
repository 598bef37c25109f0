import { type BlockContext, type BlockConverter, column, rawContentStyle } from '../block-context.ts';
import { attr, element, safeHref, text } from '../markup.ts';
import { codeSnippetPath } from './code-snippets.ts';

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

/** §9 Product: its picture, name, price and words, and a button to where it is bought. */
export const productBlock: BlockConverter<'product'> = ({ props, style }, context) => {
  const href = safeHref(props.href);
  return [
    raw(
      context,
      style.align,
      `<article style="display:inline-block;max-width:360px;text-align:left">` +
        (props.image
          ? `<img src="${attr(props.image)}" alt="${attr(props.name)}" style="display:block;width:100%;height:auto;border-radius:8px">`
          : '') +
        `<h2 style="margin:12px 0 4px;font-size:1.25em">${text(props.name)}</h2>` +
        (props.price
          ? `<p style="margin:0 0 8px;font-weight:700;color:${props.color}">${text(props.price)}</p>`
          : '') +
        (props.description
          ? `<p style="margin:0 0 12px;white-space:pre-line">${text(props.description)}</p>`
          : '') +
        (href && props.buttonLabel
          ? `<a href="${attr(href)}" style="display:inline-block;background:${props.color};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${text(props.buttonLabel)}</a>`
          : '') +
        '</article>',
    ),
  ];
};

/**
 * §9 Code: the company's HTML in a frame served by the sites (`/embed/code/…`), sandboxed: its scripts
 * run apart from the page, with no access to it or to the sites' origin.
 */
export const codeBlock: BlockConverter<'code'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    props.html.trim() === ''
      ? ''
      : `<iframe src="${attr(codeSnippetPath(props.html))}" title="${attr(props.title || 'Embedded content')}" sandbox="allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox" loading="lazy" referrerpolicy="no-referrer" style="border:0;width:100%;height:${props.height}px"></iframe>`,
  ),
];

/** What a hosted page with a Disqus block has (the sites then load the comments and allow Disqus's hosts). */
export const disqusMarker = 'data-disqus-shortname=';

/** §9 Disqus: where the comments go; the sites' loader (`/embed/disqus.js`) starts Disqus there. */
export const disqusBlock: BlockConverter<'disqus'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    props.shortname ? `<div id="disqus_thread" ${disqusMarker}"${attr(props.shortname)}"></div>` : '',
  ),
];

/** An amount as a visitor reads it in its currency ("€49.90"); the amount as typed when the currency is unknown. */
function formattedAmount(amount: string, currency: string): string {
  const value = Number(amount.replace(',', '.'));
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(value);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** §9 Payment: what is paid for and how much, and a button to the company's own payment page (https). */
export const paymentBlock: BlockConverter<'payment'> = ({ props, style }, context) => {
  const host = URL.canParse(props.href) ? new URL(props.href).hostname : '';
  return [
    raw(
      context,
      style.align,
      `<section style="display:inline-block;min-width:240px;max-width:360px;text-align:left;border:1px solid #d0d5dd;border-radius:10px;padding:16px 20px">` +
        `<h2 style="margin:0 0 4px;font-size:1.1em">${text(props.title)}</h2>` +
        (props.amount
          ? `<p style="margin:0 0 8px;font-size:1.75em;font-weight:700;color:${props.color}">${text(formattedAmount(props.amount, props.currency))}</p>`
          : '') +
        (props.description
          ? `<p style="margin:0 0 12px;white-space:pre-line">${text(props.description)}</p>`
          : '') +
        (host && props.buttonLabel
          ? `<a href="${attr(props.href)}" rel="noopener" style="display:inline-block;background:${props.color};color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${text(props.buttonLabel)}</a>` +
            `<p style="margin:8px 0 0;font-size:0.8em;color:#4a5462">You pay on ${text(host)}.</p>`
          : '') +
        '</section>',
    ),
  ];
};

/** §9 Google Map: Google's map of the address, framed (the sites' policy lets google.com be framed). */
export const googleMapBlock: BlockConverter<'googleMap'> = ({ props, style }, context) => {
  const address = props.address.trim();
  if (!address) return [raw(context, style.align, '')];
  const source = `https://www.google.com/maps?${new URLSearchParams({ q: address, z: String(props.zoom), output: 'embed' })}`;
  return [
    raw(
      context,
      style.align,
      `<iframe src="${attr(source)}" title="${attr(`Map of ${address}`)}" loading="lazy" referrerpolicy="no-referrer-when-downgrade" style="border:0;width:100%;height:${props.height}px"></iframe>`,
    ),
  ];
};

/** §9 Podcast: the episode's title and words, and the browser's own player. */
export const podcastBlock: BlockConverter<'podcast'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    `<figure style="margin:0">` +
      `<figcaption><strong>${text(props.title)}</strong>${props.description ? `<br><span style="white-space:pre-line">${text(props.description)}</span>` : ''}</figcaption>` +
      (props.audioUrl
        ? `<audio controls preload="none" src="${attr(props.audioUrl)}" style="width:100%;margin-top:8px"><a href="${attr(props.audioUrl)}">${text(props.title || 'Listen')}</a></audio>`
        : '') +
      '</figure>',
  ),
];

/** §9 Inline Images: pictures side by side at one height, wrapping on a narrow screen. */
export const inlineImagesBlock: BlockConverter<'inlineImages'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    props.images
      .filter((image) => image.src)
      .map((image) => {
        const picture = `<img src="${attr(image.src)}" alt="${attr(image.alt)}" style="height:${props.height}px;width:auto;max-width:100%;margin:4px;vertical-align:middle">`;
        const href = safeHref(image.href);
        return href ? `<a href="${attr(href)}">${picture}</a>` : picture;
      })
      .join(''),
  ),
];

/**
 * §9 Carousel: the slides in a row that scrolls sideways, one slide at a time (CSS scroll snapping,
 * no script); the row takes the keyboard's focus so it can be scrolled with the arrow keys.
 */
export const carouselBlock: BlockConverter<'carousel'> = ({ props, style }, context) => [
  raw(
    context,
    style.align,
    `<div role="region" aria-label="Carousel" tabindex="0" style="display:flex;overflow-x:auto;scroll-snap-type:x mandatory;gap:8px">` +
      props.slides
        .filter((slide) => slide.src)
        .map(
          (slide) =>
            `<figure style="flex:0 0 100%;margin:0;scroll-snap-align:center;text-align:center">` +
            `<img src="${attr(slide.src)}" alt="${attr(slide.alt)}" style="height:${props.height}px;width:100%;object-fit:cover;border-radius:8px">` +
            (slide.caption ? `<figcaption style="margin-top:6px">${text(slide.caption)}</figcaption>` : '') +
            '</figure>',
        )
        .join('') +
      '</div>',
  ),
];
