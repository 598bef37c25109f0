import { Parser } from 'htmlparser2';
import { element, safeHref, text } from './markup.ts';

const voidElements = new Set(['br', 'hr', 'img', 'wbr', 'col', 'area', 'source', 'input', 'meta', 'link']);

function withoutStyleEnd(css: string): string {
  const once = css.replace(/<\/style/gi, '');
  return once === css ? css : withoutStyleEnd(once);
}

/** Serialises parsed HTML keeping what `keep` allows; every element is closed, text re-escaped. */
function rewrite(
  html: string,
  keep: (name: string, attributes: Record<string, string>) => Record<string, string> | 'drop' | 'unwrap',
): string {
  const out: string[] = [];
  const open: string[] = [];
  /** Depth inside dropped elements: their content goes too. */
  let dropped = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (dropped > 0) {
          if (!voidElements.has(name)) dropped += 1;
          return;
        }
        const kept = keep(name, attributes);
        if (kept === 'drop') {
          if (!voidElements.has(name)) dropped = 1;
          return;
        }
        if (voidElements.has(name)) {
          if (kept !== 'unwrap') out.push(element(name, kept));
          return;
        }
        open.push(kept === 'unwrap' ? '' : name);
        if (kept !== 'unwrap') out.push(element(name, kept).replace(/ \/>$/, '>'));
      },
      ontext(data) {
        if (dropped > 0) return;
        // CSS is raw text in HTML: escaping would break `a > b`; only its own end tag must not appear.
        out.push(open.at(-1) === 'style' ? withoutStyleEnd(data) : text(data));
      },
      onclosetag(name, isImplied) {
        if (voidElements.has(name)) return;
        if (dropped > 0) {
          dropped -= 1;
          return;
        }
        if (isImplied && open.length === 0) return;
        const kept = open.pop();
        if (kept) out.push(`</${kept}>`);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  for (const name of open.reverse()) if (name) out.push(`</${name}>`);
  return out.join('');
}

const richTextTags = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'span',
  'blockquote',
]);
const styleProperties = new Set(['color', 'font-size', 'font-weight', 'text-decoration']);
/** Values of the allowed properties: words, numbers with units, #colours, rgb(); never url() or expressions. */
const styleValue =
  /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|[a-z-]+|\d+(\.\d+)?(px|pt|em|rem|%)?)(\s+[a-z-]+)*$/i;

function safeStyle(style: string): string | undefined {
  const declarations = style
    .split(';')
    .map((declaration) => declaration.split(':').map((part) => part.trim().toLowerCase()))
    .filter(
      (parts): parts is [string, string] =>
        parts.length === 2 && styleProperties.has(parts[0] ?? '') && styleValue.test(parts[1] ?? ''),
    )
    .map(([property, value]) => `${property}: ${value}`);
  return declarations.length > 0 ? declarations.join('; ') : undefined;
}

const droppedWithContent = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
]);

/**
 * Rich text (Text, Content, Image Text… blocks) reduced to the editor's subset: simple formatting,
 * lists, headings, links (http, mailto, tel or a merge tag) and a few inline styles. Other elements
 * give up their tags but keep their text; scripts and the like go with their content.
 */
export function sanitizeRichText(html: string): string {
  return rewrite(html, (name, attributes): Record<string, string> | 'drop' | 'unwrap' => {
    if (droppedWithContent.has(name)) return 'drop';
    if (!richTextTags.has(name)) return 'unwrap';
    if (name === 'a') {
      const href = safeHref(attributes.href);
      return href ? { href, target: '_blank', rel: 'noopener' } : {};
    }
    const style = name === 'span' ? safeStyle(attributes.style ?? '') : undefined;
    return style ? { style } : {};
  });
}

const droppedFromHtmlBlock = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'frame',
  'frameset',
  'applet',
  'base',
  'meta',
  'link',
  // SVG and MathML have their own parsing rules and elements (animate, set) that rewrite attributes.
  'svg',
  'math',
  'animate',
  'set',
  'foreignobject',
  'noscript',
  'template',
]);
const urlAttributes = new Set([
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'background',
  'poster',
  'cite',
  'longdesc',
  'data',
]);

const keptAttribute = ([key, value]: [string, string]) =>
  !key.startsWith('on') &&
  /^[a-z][a-z0-9_:-]*$/.test(key) &&
  (!urlAttributes.has(key) || safeHref(value) !== undefined);

/**
 * The Html block's markup as the user wrote it, less what runs code: script, iframe, object, embed,
 * svg, math (with their content), MJML's own elements, `on*` handlers and addresses other than
 * http(s), mailto:, tel:, cid:, anchors and merge tags.
 */
export function sanitizeHtmlBlock(html: string): string {
  return rewrite(html, (name, attributes) => {
    if (droppedFromHtmlBlock.has(name) || name.startsWith('mj-')) return 'drop';
    return Object.fromEntries(Object.entries(attributes).filter(keptAttribute));
  });
}
