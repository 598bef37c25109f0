import { encode, wrap } from 'nodemailer/lib/qp';
import type { SubstitutionData } from './data.ts';
import type { RenderBudget } from './evaluate.ts';
import { extractLinks, type LinkPart, type LinkRewrite } from './links.ts';
import { compilePart, type PartTemplate } from './template.ts';

/** What one render does to the text parts it finds besides substituting: open and click tracking. */
export interface PartTracking {
  /** Gives links their tracked URL. */
  rewrite?: LinkRewrite | undefined;
  /** The part's final content (open pixels added to html and amp_html). */
  finish?(part: LinkPart, content: string): string;
}

/** Renders a whole message for one recipient. */
export type Rfc822Template = (
  data: SubstitutionData,
  budget: RenderBudget,
  tracking?: PartTracking,
) => string;

/**
 * email_rfc822 content as the reference substitutes it: the top-level headers, and the first
 * text/plain, text/html and text/x-amp-html parts that are not attachments. Those parts are decoded
 * from their transfer encoding first (`==` is `=3D=3D` in quoted-printable), rendered as the text,
 * html and amp_html of inline content are (escaping, links, data-msys-* attributes and `[[…]]` taken
 * out), and written back quoted-printable when
 * they were encoded or hold 8-bit data after substitution. Parts in a charset other than UTF-8 or
 * US-ASCII, and everything else, stay as written. `bodies` false substitutes the headers only.
 * `how.readBodies` reads the text parts without substituting them, for tracking (`bodies` false);
 * `how.headers` false leaves the headers as written (a message received over SMTP).
 */
export function compileRfc822(
  source: string,
  bodies: boolean,
  how: { headers?: boolean; readBodies?: boolean } = {},
): Rfc822Template {
  const pieces: Piece[] = [];
  const { head, separator, body } = splitEntity(source);
  const headers = how.headers === false ? () => head : compilePart('email_rfc822', head, 'header');
  if (bodies || how.readBodies) readEntity({ head, separator, body }, pieces, new Set(), 0, bodies, headers);
  else pieces.push((data, budget) => headers(data, budget), separator + body);
  return (data, budget, tracking) =>
    pieces.map((piece) => (typeof piece === 'string' ? piece : piece(data, budget, tracking))).join('');
}

type Piece = string | ((data: SubstitutionData, budget: RenderBudget, tracking?: PartTracking) => string);

interface Entity {
  head: string;
  /** The empty line between head and body, with the line break that ends the head. */
  separator: string;
  body: string;
}

const TEXT_PARTS: Record<string, LinkPart> = {
  'text/plain': 'text',
  'text/html': 'html',
  'text/x-amp-html': 'amp_html',
};
const READABLE_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);
const MAX_MULTIPART_DEPTH = 10;
const EIGHT_BIT = /[^\p{ASCII}]/u;

function splitEntity(text: string): Entity {
  const leading = /^\r?\n/.exec(text);
  if (leading) return { head: '', separator: leading[0], body: text.slice(leading[0].length) };
  const blank = /\r?\n\r?\n/.exec(text);
  if (!blank) return { head: text, separator: '', body: '' };
  return {
    head: text.slice(0, blank.index),
    separator: blank[0],
    body: text.slice(blank.index + blank[0].length),
  };
}

function headerValue(head: string, name: string): string | undefined {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(unfolded)?.[1]?.trim();
}

function parameter(value: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function readEntity(
  entity: Entity,
  pieces: Piece[],
  used: Set<LinkPart>,
  depth: number,
  substitute: boolean,
  headTemplate?: PartTemplate,
): void {
  const headPiece: Piece = headTemplate ? (data, budget) => headTemplate(data, budget) : entity.head;
  const contentType = headerValue(entity.head, 'content-type') ?? 'text/plain';
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  const boundary = parameter(contentType, 'boundary');
  if (type.startsWith('multipart/') && boundary && depth < MAX_MULTIPART_DEPTH) {
    pieces.push(headPiece, entity.separator);
    readMultipart(entity.body, boundary, pieces, used, depth, substitute);
    return;
  }
  const template = textPartTemplate(entity, type, contentType, used, substitute);
  if (!template) {
    pieces.push(headPiece, entity.separator + entity.body);
    return;
  }
  const renderHead: PartTemplate = headTemplate ?? (() => entity.head);
  pieces.push((data, budget, tracking) => {
    const head = renderHead(data, budget);
    const rendered = template.render(data, budget, tracking);
    if (!template.encoded && !EIGHT_BIT.test(rendered)) return head + entity.separator + rendered;
    return withQuotedPrintable(head) + entity.separator + wrap(encode(rendered), 76);
  });
}

function textPartTemplate(
  entity: Entity,
  type: string,
  contentType: string,
  used: Set<LinkPart>,
  substitute: boolean,
): { render: Exclude<Piece, string>; encoded: boolean } | undefined {
  const kind = TEXT_PARTS[type];
  if (kind === undefined || used.has(kind)) return undefined;
  if ((headerValue(entity.head, 'content-disposition') ?? '').toLowerCase().startsWith('attachment'))
    return undefined;
  if (!READABLE_CHARSETS.has((parameter(contentType, 'charset') ?? 'us-ascii').toLowerCase()))
    return undefined;
  const encoding = (headerValue(entity.head, 'content-transfer-encoding') ?? '7bit').toLowerCase();
  let decoded: string;
  if (encoding === 'quoted-printable') decoded = decodeQuotedPrintable(entity.body);
  else if (encoding === 'base64') decoded = Buffer.from(entity.body, 'base64').toString('utf8');
  else if (encoding === '7bit' || encoding === '8bit' || encoding === 'binary') decoded = entity.body;
  else return undefined;
  used.add(kind);
  const template = substitute ? compilePart(`email_rfc822 ${type} part`, decoded, kind) : () => decoded;
  return {
    render: (data, budget, tracking) => {
      const content = extractLinks(kind, template(data, budget), tracking?.rewrite).content;
      return tracking?.finish ? tracking.finish(kind, content) : content;
    },
    encoded: encoding === 'quoted-printable' || encoding === 'base64',
  };
}

/** The parts of a multipart body, each read in turn; the delimiters, preamble and epilogue stay as written. */
function readMultipart(
  body: string,
  boundary: string,
  pieces: Piece[],
  used: Set<LinkPart>,
  depth: number,
  substitute: boolean,
): void {
  const delimiter = `--${boundary}`;
  const delimiterAt = (from: number) => {
    if (from === 0 && body.startsWith(delimiter)) return 0;
    const found = body.indexOf(`\n${delimiter}`, Math.max(0, from - 1));
    return found < 0 ? -1 : found + 1;
  };
  let start = delimiterAt(0);
  pieces.push(body.slice(0, start < 0 ? body.length : start));
  while (start >= 0) {
    const lineEnd = body.indexOf('\n', start);
    if (lineEnd < 0 || body.startsWith(`${delimiter}--`, start)) {
      pieces.push(body.slice(start));
      return;
    }
    pieces.push(body.slice(start, lineEnd + 1));
    const next = delimiterAt(lineEnd + 1);
    const partEnd = next < 0 ? body.length : next;
    // The line break before a delimiter belongs to the delimiter.
    let contentEnd = partEnd;
    if (next >= 0 && body[contentEnd - 1] === '\n') contentEnd--;
    if (next >= 0 && body[contentEnd - 1] === '\r') contentEnd--;
    readEntity(splitEntity(body.slice(lineEnd + 1, contentEnd)), pieces, used, depth + 1, substitute);
    pieces.push(body.slice(contentEnd, partEnd));
    start = next;
  }
}

function withQuotedPrintable(head: string): string {
  const header = 'Content-Transfer-Encoding: quoted-printable';
  if (head === '') return `${header}\r\n`;
  const existing = /^content-transfer-encoding:.*(\r?\n[ \t].*)*/im;
  return existing.test(head) ? head.replace(existing, header) : `${head}\r\n${header}`;
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < joined.length; at++) {
    const char = joined[at] ?? '';
    const hex = joined.slice(at + 1, at + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      at += 2;
    } else {
      bytes.push(...Buffer.from(char));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
