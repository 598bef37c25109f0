/**
 * Links of rendered html, amp_html and text, with the reference's custom attributes
 * (data-msys-linkname, -clicktrack, -unsubscribe, -sublink; `[[…]]` after a link in text). The
 * attributes are for us: they are taken out of what the recipient gets and kept for click tracking.
 */

import { asciiLowerCase } from './ascii-lower-case.ts';

export type LinkPart = 'html' | 'amp_html' | 'text';

export interface TrackedLink {
  part: LinkPart;
  url: string;
  /** data-msys-linkname, cut to 63 bytes; html and amp_html only. */
  name?: string;
  /** False when data-msys-clicktrack="0". */
  clickTrack: boolean;
  /** data-msys-unsubscribe="1": a click is an unsubscribe. */
  unsubscribe: boolean;
  /** data-msys-sublink: a path to put in the tracked URL. */
  sublink?: string;
}

interface Attribute {
  name: string;
  value: string;
  /** Where it starts (its leading whitespace included) and ends in the scanned text. */
  start: number;
  end: number;
}

const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === '\f';

/** Attributes from `at` up to `stop` (a `>` or `]]`), in one pass; returns them and where `stop` is. */
function readAttributes(text: string, at: number, stop: string): { attributes: Attribute[]; end: number } {
  const attributes: Attribute[] = [];
  let index = at;
  for (;;) {
    const start = index;
    while (isSpace(text[index])) index++;
    if (index >= text.length || text.startsWith(stop, index)) return { attributes, end: index };
    if (text[index] === '/') {
      index++;
      continue;
    }
    const nameStart = index;
    while (
      index < text.length &&
      !isSpace(text[index]) &&
      text[index] !== '=' &&
      !text.startsWith(stop, index)
    )
      index++;
    const name = text.slice(nameStart, index).toLowerCase();
    let value = '';
    let probe = index;
    while (isSpace(text[probe])) probe++;
    if (text[probe] === '=') {
      index = probe + 1;
      while (isSpace(text[index])) index++;
      const quote = text[index];
      if (quote === '"' || quote === "'") {
        const close = text.indexOf(quote, index + 1);
        const valueEnd = close < 0 ? text.length : close;
        value = text.slice(index + 1, valueEnd);
        index = valueEnd + 1;
      } else {
        const valueStart = index;
        while (index < text.length && !isSpace(text[index]) && !text.startsWith(stop, index)) index++;
        value = text.slice(valueStart, index);
      }
    }
    if (index === start) index++;
    attributes.push({ name, value, start, end: index });
  }
}

const LINK_NAME_BYTES = 63;

function truncateBytes(value: string, bytes: number): string {
  const encoded = Buffer.from(value);
  if (encoded.length <= bytes) return value;
  // Cut on a character boundary: drop continuation bytes left at the cut.
  let cut = bytes;
  while (cut > 0 && ((encoded[cut] ?? 0) & 0xc0) === 0x80) cut--;
  return encoded.subarray(0, cut).toString();
}

function linkFrom(part: LinkPart, url: string, attributes: Attribute[]): TrackedLink {
  const link: TrackedLink = { part, url, clickTrack: true, unsubscribe: false };
  for (const { name, value } of attributes) {
    if (name === 'data-msys-linkname' && part !== 'text') link.name = truncateBytes(value, LINK_NAME_BYTES);
    else if (name === 'data-msys-clicktrack') link.clickTrack = value.trim() !== '0';
    else if (name === 'data-msys-unsubscribe') link.unsubscribe = value.trim() === '1';
    else if (name === 'data-msys-sublink') link.sublink = value;
  }
  return link;
}

const isWebUrl = (url: string) => /^https?:\/\//i.test(url);
const isCustom = (attribute: Attribute) => attribute.name.startsWith('data-msys-');

/**
 * Gives a link's new URL (its tracked URL) or undefined to leave it as written; called once per
 * link found, in order.
 */
export type LinkRewrite = (link: TrackedLink) => string | undefined;

/** The html's `<a href>` links; data-msys-* attributes are removed from the returned html. */
function htmlLinks(
  part: LinkPart,
  html: string,
  rewrite: LinkRewrite | undefined,
): { content: string; links: TrackedLink[] } {
  const lower = asciiLowerCase(html);
  const links: TrackedLink[] = [];
  const pieces: string[] = [];
  let copied = 0;
  for (let open = lower.indexOf('<a', 0); open >= 0; open = lower.indexOf('<a', open + 2)) {
    if (!isSpace(html[open + 2])) continue;
    const { attributes, end } = readAttributes(html, open + 2, '>');
    const href = attributes.find((attribute) => attribute.name === 'href');
    let tracked: string | undefined;
    if (href && isWebUrl(href.value.trim())) {
      const link = linkFrom(part, href.value.trim(), attributes);
      links.push(link);
      tracked = rewrite?.(link);
    }
    for (const attribute of attributes) {
      const replaced = attribute === href && tracked !== undefined;
      if (!replaced && !isCustom(attribute)) continue;
      pieces.push(html.slice(copied, attribute.start));
      if (replaced) pieces.push(` href="${tracked}"`);
      copied = attribute.end;
    }
    open = Math.max(open, end - 2);
  }
  pieces.push(html.slice(copied));
  return { content: pieces.join(''), links };
}

const TEXT_URL_END = /[\s<>"]/;
const MAX_TEXT_ATTRIBUTES_CHARS = 1024;

const SENTENCE_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'"]);

/**
 * Where a text link really ends: the punctuation of the sentence around it ("see https://x.example/a.")
 * and a closing parenthesis it did not open ("(https://x.example/a)") are not part of it.
 */
function withoutTrailingPunctuation(text: string, start: number, end: number): number {
  let unopened = 0;
  for (let at = start; at < end; at++) {
    if (text[at] === '(') unopened--;
    else if (text[at] === ')') unopened++;
  }
  let cut = end;
  for (;;) {
    const last = text[cut - 1] ?? '';
    if (SENTENCE_PUNCTUATION.has(last)) cut--;
    else if (last === ')' && unopened > 0) {
      unopened--;
      cut--;
    } else return cut;
  }
}

/** The text's http(s) links; a `[[…]]` right after a link is read and removed. */
function textLinks(
  text: string,
  rewrite: LinkRewrite | undefined,
): { content: string; links: TrackedLink[] } {
  const lower = asciiLowerCase(text);
  const links: TrackedLink[] = [];
  const pieces: string[] = [];
  let copied = 0;
  let at = 0;
  // Each search resumes where it left off, so a text full of one scheme stays one pass.
  const next = (needle: string, from: number) => {
    const found = lower.indexOf(needle, from);
    return found < 0 ? Number.POSITIVE_INFINITY : found;
  };
  let http = -1;
  let https = -1;
  let closing = -1;
  for (;;) {
    if (http < at) http = next('http://', at);
    if (https < at) https = next('https://', at);
    const start = Math.min(http, https);
    if (start === Number.POSITIVE_INFINITY) break;
    let end = start;
    while (end < text.length && !TEXT_URL_END.test(text[end] ?? '') && !text.startsWith('[[', end)) end++;
    if (!text.startsWith('[[', end)) end = withoutTrailingPunctuation(text, start, end);
    const url = text.slice(start, end);
    let attributes: Attribute[] = [];
    // Where the text after the link resumes: past its [[…]] when it has one.
    let after = end;
    if (closing < end + 2) closing = next(']]', end + 2);
    const close = text.startsWith('[[', end) ? closing : Number.POSITIVE_INFINITY;
    // A short [[…]] only: a lone [[ must not send every link's scan to the end of the text.
    if (close - end <= MAX_TEXT_ATTRIBUTES_CHARS) {
      const inside = text.slice(end + 2, close);
      const read = readAttributes(inside, 0, ']]');
      if (read.end === inside.length) {
        attributes = read.attributes;
        after = close + 2;
      }
    }
    const link = linkFrom('text', url, attributes);
    links.push(link);
    const tracked = rewrite?.(link);
    if (tracked !== undefined || after !== end) {
      pieces.push(text.slice(copied, start), tracked ?? url);
      copied = after;
    }
    at = Math.max(after, start + 1);
  }
  pieces.push(text.slice(copied));
  return { content: pieces.join(''), links };
}

/** Finds a rendered part's links and returns the part as the recipient gets it. */
export function extractLinks(
  part: LinkPart,
  content: string,
  rewrite?: LinkRewrite,
): { content: string; links: TrackedLink[] } {
  return part === 'text' ? textLinks(content, rewrite) : htmlLinks(part, content, rewrite);
}
