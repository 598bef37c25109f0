// Text into MJML. `{{merge tags}}` of the substitution language pass through as typed (the engine
// substitutes them after MJML), except for what would end the markup around them.
const mergeTag = /(\{\{\{?[^{}]*\}?\}\})/;

const contentEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const attributeEntities: Record<string, string> = { ...contentEntities, '"': '&quot;', "'": '&#39;' };

const escapeWith = (entities: Record<string, string>, pattern: RegExp) => (text: string) =>
  text.replace(pattern, (char) => entities[char] ?? char);

const escapeContent = escapeWith(contentEntities, /[&<>]/g);
const escapeAttribute = escapeWith(attributeEntities, /[&<>"']/g);
// Inside a merge tag, `>` and `&` may be the language's own (comparisons, strings); only `<` could start markup.
const escapeTagContent = escapeWith(contentEntities, /</g);
const escapeTagAttribute = escapeWith(attributeEntities, /[<"]/g);

const bySegment = (plain: (text: string) => string, tag: (text: string) => string) => (text: string) =>
  text
    .split(mergeTag)
    .map((segment, index) => (index % 2 === 1 ? tag(segment) : plain(segment)))
    .join('');

/** Text as element content. */
export const text = bySegment(escapeContent, escapeTagContent);

/** Text as an attribute value (always written between double quotes). */
export const attr = bySegment(escapeAttribute, escapeTagAttribute);

/** An element with attributes (undefined ones left out) and content already in markup. */
export function element(
  name: string,
  attributes: Record<string, string | number | undefined>,
  content?: string,
): string {
  const written = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${attr(String(value))}"`)
    .join('');
  return content === undefined ? `<${name}${written} />` : `<${name}${written}>${content}</${name}>`;
}

const withoutControls = (value: string) => [...value].filter((char) => char.charCodeAt(0) > 0x20).join('');
const allowedAddress = /^(https?:|mailto:|tel:|cid:|#|\{\{)/i;

/**
 * A link safe to put in mail: http(s), mailto:, tel:, cid:, an anchor or a merge tag; anything else
 * becomes no link. Browsers ignore control characters and spaces in a scheme (`java&#9;script:`), so
 * the check reads the address without them. Entities are already decoded: by the HTML parser for
 * markup, and design values are escaped on output.
 */
export const safeHref = (href: string | undefined) =>
  href && allowedAddress.test(withoutControls(href)) ? href.trim() : undefined;
