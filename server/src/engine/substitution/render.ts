import { randomBytes } from 'node:crypto';
import type { PartKind } from './ast.ts';
import { checkFrom, checkHeader, checkReplyTo, checkSubject } from './checks.ts';
import type { RecipientAddress, SubstitutionData } from './data.ts';
import { withRecipientAddress } from './data.ts';
import { GenerationError } from './errors.ts';
import { htmlToPlainText, inlineCss } from './html.ts';
import { checkTemplateShape, templateLimits } from './limits.ts';
import { extractLinks, type LinkPart, type LinkRewrite, type TrackedLink } from './links.ts';
import type { ContentParts, SnippetContents } from './substitution-types.ts';
import type { PartTemplate, RenderBudget } from './template.ts';
import { compilePart, createRenderBudget, NestedSources } from './template.ts';

export type { RecipientAddress, SubstitutionData } from './data.ts';
export { mergeSubstitutionData, withRecipientAddress } from './data.ts';
export type { GenerationErrorKind } from './errors.ts';
export { CompileError, GenerationError } from './errors.ts';
export { templateLimits, templateLimitsText } from './limits.ts';
export type { LinkRewrite, TrackedLink } from './links.ts';
export { checkSnippetParts, snippetIdsIn } from './snippets.ts';

export type { ContentParts, SnippetContents } from './substitution-types.ts';
export { createRenderBudget, type RenderBudget } from './template.ts';

export interface RenderOptions {
  /**
   * Default true; false sends html, text and amp_html verbatim (`{{x}}` stays as typed, no macros).
   * The subject, from, reply_to and headers are substituted either way, as the reference says.
   */
  performSubstitutions?: boolean;
  /** Default false; true moves <style> rules of the rendered html into style attributes. */
  inlineCss?: boolean;
}

/**
 * `text` is always set when `html` is: generated from the rendered html when no text part was given.
 * `links` are the links of html, amp_html and text with their tracking attributes, which the parts
 * no longer carry.
 */
export type RenderedContent = ContentParts & { links?: TrackedLink[] };

export interface CompiledContent {
  /**
   * Renders one recipient's message. `address`, when given, is exposed to templates as `address`
   * unless the data has its own `address` (and so are the other reserved variables). Renders of one
   * transmission share one `budget` and the `snippets` its content references.
   * `rewrite` gives links of html, amp_html and text their tracked URL (click tracking).
   * Throws GenerationError and nothing else.
   */
  render(
    data: SubstitutionData,
    address?: RecipientAddress,
    budget?: RenderBudget,
    snippets?: SnippetContents,
    rewrite?: LinkRewrite,
  ): RenderedContent;
}

/** Cap on rendered html + text + amp_html, in UTF-8 bytes. */
export const MAX_RENDERED_BYTES = 20 * 1024 * 1024;

interface Templates {
  subject: PartTemplate;
  html: PartTemplate | undefined;
  text: PartTemplate | undefined;
  ampHtml: PartTemplate | undefined;
  fromEmail: PartTemplate;
  fromName: PartTemplate | undefined;
  replyTo: PartTemplate | undefined;
  headers: [name: string, value: PartTemplate][];
}

/** Compiles every part once (per transmission or template); throws CompileError naming the part and line. */
export function compileContent(parts: ContentParts, options: RenderOptions = {}): CompiledContent {
  const substitute = options.performSubstitutions ?? true;
  const nested = new NestedSources();
  // The limit on render_snippet() applies to each part: html, text and amp_html may each bring in
  // the same header and footer snippets.
  let mostSnippetCalls = { part: '', calls: 0 };
  const compile = (part: string, source: string, kind: PartKind): PartTemplate => {
    if (!substitute && kind !== 'header') return () => source;
    const template = compilePart(part, source, kind, nested);
    const calls = template.parsed.snippetCalls.length;
    if (calls > mostSnippetCalls.calls) mostSnippetCalls = { part, calls };
    return template;
  };
  const optional = (part: string, source: string | undefined, kind: PartKind) =>
    source === undefined || source === '' ? undefined : compile(part, source, kind);
  checkContentShape(parts, substitute);

  const templates: Templates = {
    subject: compile('subject', parts.subject, 'header'),
    html: optional('html', parts.html, 'html'),
    text: optional('text', parts.text, 'text'),
    ampHtml: optional('amp_html', parts.amp_html, 'amp_html'),
    fromEmail: compile('from.email', parts.from.email, 'header'),
    fromName: optional('from.name', parts.from.name, 'header'),
    replyTo: optional('reply_to', parts.reply_to, 'header'),
    headers: Object.entries(parts.headers ?? {}).map(([name, value]) => [
      name,
      compile(`headers.${name}`, value, 'header'),
    ]),
  };
  const produce = createProducer(templates, options.inlineCss ?? false);

  const render = (
    data: SubstitutionData,
    address?: RecipientAddress,
    budget = createRenderBudget(),
    snippets: SnippetContents = {},
    rewrite?: LinkRewrite,
  ): RenderedContent => {
    try {
      if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        throw new GenerationError('generation_failure', 'substitution data must be a JSON object');
      }
      if (mostSnippetCalls.calls > templateLimits.maxSnippetCalls) {
        throw new GenerationError(
          'generation_failure',
          `the ${mostSnippetCalls.part} part calls render_snippet() ${mostSnippetCalls.calls} times; at most ${templateLimits.maxSnippetCalls} are allowed`,
        );
      }
      return produce(address ? withRecipientAddress(data, address) : data, budget, snippets, rewrite);
    } catch (error) {
      if (error instanceof GenerationError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new GenerationError('generation_failure', `rendering failed: ${detail}`);
    }
  };

  return { render };
}

/**
 * The linear pre-check of every part that is substituted (nesting depth; tags, which count towards
 * one limit for all parts), before any is compiled. `bodies` false leaves out the verbatim bodies.
 * Throws CompileError.
 */
export function checkContentShape(parts: ContentParts, bodies = true): void {
  const bodySources: [string, string | undefined][] = [
    ['html', parts.html],
    ['text', parts.text],
    ['amp_html', parts.amp_html],
  ];
  const sources: [string, string | undefined][] = [
    ['subject', parts.subject],
    ...(bodies ? bodySources : []),
    ['from.email', parts.from.email],
    ['from.name', parts.from.name],
    ['reply_to', parts.reply_to],
    ...Object.entries(parts.headers ?? {}).map(([name, value]): [string, string] => [
      `headers.${name}`,
      value,
    ]),
  ];
  let tags = 0;
  for (const [part, source] of sources) {
    if (source) tags += checkTemplateShape(part, source, tags);
  }
}

function createProducer(
  templates: Templates,
  inlining: boolean,
): (
  data: SubstitutionData,
  budget: RenderBudget,
  snippets: SnippetContents,
  rewrite: LinkRewrite | undefined,
) => RenderedContent {
  // Recipients often share the same rendered html; the html-to-text and juice passes are the costly ones.
  const toText = memoizeLast(htmlToPlainText);
  const inline = memoizeLast(inlineCss);
  // Tracked URLs differ per recipient: the parts get the same placeholder for the same link instead,
  // so the passes above still see one html for all, and the URLs go in last.
  const placeholder = `https://zz${randomBytes(8).toString('hex')}.invalid/`;
  const placeholders = new RegExp(`${placeholder.replaceAll('.', '\\.')}(\\d+)_`, 'g');

  return (data, budget, snippets, rewrite) => {
    const links: TrackedLink[] = [];
    const trackedUrls: string[] = [];
    const toPlaceholder: LinkRewrite | undefined =
      rewrite &&
      ((link) => {
        const url = rewrite(link);
        if (url === undefined) return undefined;
        trackedUrls.push(url);
        return `${placeholder}${trackedUrls.length - 1}_`;
      });
    const withTrackedUrls = (part: string | undefined) =>
      part === undefined || trackedUrls.length === 0
        ? part
        : part.replace(placeholders, (_, index: string) => trackedUrls[Number(index)] ?? '');
    const withoutLinks = (part: LinkPart, rendered: string | undefined) => {
      if (rendered === undefined) return undefined;
      const found = extractLinks(part, rendered, toPlaceholder);
      links.push(...found.links);
      return found.content;
    };
    const subject = templates.subject(data, budget);
    checkSubject(subject);
    const fromEmail = templates.fromEmail(data, budget).trim();
    const fromName = templates.fromName?.(data, budget).trim() || undefined;
    checkFrom(fromEmail, fromName);
    const replyTo = templates.replyTo?.(data, budget).trim() || undefined;
    if (replyTo !== undefined) checkReplyTo(replyTo);
    let headers: Record<string, string> | undefined;
    for (const [name, template] of templates.headers) {
      const value = template(data, budget);
      checkHeader(name, value);
      // A header whose value substitutes to nothing is left out rather than sent empty.
      if (value.trim() !== '') {
        headers ??= {};
        headers[name] = value;
      }
    }

    const renderedHtml = withoutLinks('html', templates.html?.(data, budget, snippets));
    const ampHtml = withoutLinks('amp_html', templates.ampHtml?.(data, budget, snippets));
    let text = withoutLinks('text', templates.text?.(data, budget, snippets));
    checkSize(renderedHtml, text, ampHtml);
    if (text === undefined && renderedHtml !== undefined) text = toText(renderedHtml);
    const html = renderedHtml !== undefined && inlining ? inline(renderedHtml) : renderedHtml;
    checkSize(html, text, ampHtml);

    const content: RenderedContent = { subject, from: { email: fromEmail } };
    if (fromName !== undefined) content.from.name = fromName;
    if (html !== undefined) content.html = withTrackedUrls(html);
    if (text !== undefined) content.text = withTrackedUrls(text);
    if (ampHtml !== undefined) content.amp_html = withTrackedUrls(ampHtml);
    if (replyTo !== undefined) content.reply_to = replyTo;
    if (headers) content.headers = headers;
    if (links.length > 0) content.links = links;
    return content;
  };
}

function checkSize(...bodies: (string | undefined)[]): void {
  let units = 0;
  for (const body of bodies) units += body?.length ?? 0;
  // A UTF-16 code unit never takes more than 3 UTF-8 bytes, so most messages skip the exact count.
  if (units * 3 <= MAX_RENDERED_BYTES) return;
  let bytes = 0;
  for (const body of bodies) bytes += body === undefined ? 0 : Buffer.byteLength(body);
  if (bytes > MAX_RENDERED_BYTES) {
    const megabytes = (bytes / 1024 / 1024).toFixed(1);
    throw new GenerationError(
      'generation_failure',
      `rendered content is ${megabytes} MB, over the 20 MB limit`,
    );
  }
}

function memoizeLast(transform: (input: string) => string): (input: string) => string {
  let lastInput: string | undefined;
  let lastOutput = '';
  return (input) => {
    if (input !== lastInput) {
      lastOutput = transform(input);
      lastInput = input;
    }
    return lastOutput;
  };
}
