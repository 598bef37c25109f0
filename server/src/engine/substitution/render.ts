import { checkFrom, checkHeader, checkReplyTo, checkSubject } from './checks.ts';
import type { RecipientAddress, SubstitutionData } from './data.ts';
import { withRecipientAddress } from './data.ts';
import { GenerationError } from './errors.ts';
import { htmlToPlainText, inlineCss } from './html.ts';
import { checkTemplateShape } from './limits.ts';
import type { PartTemplate, RenderBudget } from './template.ts';
import { compilePart, createRenderBudget } from './template.ts';

export type { RecipientAddress, SubstitutionData } from './data.ts';
export { mergeSubstitutionData, withRecipientAddress } from './data.ts';
export type { GenerationErrorKind } from './errors.ts';
export { CompileError, GenerationError } from './errors.ts';
export { templateLimits, templateLimitsText } from './limits.ts';
export { createRenderBudget, type RenderBudget } from './template.ts';

export interface ContentParts {
  subject: string;
  html?: string;
  text?: string;
  amp_html?: string;
  from: { email: string; name?: string };
  reply_to?: string;
  headers?: Record<string, string>;
}

export interface RenderOptions {
  /** Default true; false sends every part verbatim (`{{x}}` stays as typed). */
  performSubstitutions?: boolean;
  /** Default false; true moves <style> rules of the rendered html into style attributes. */
  inlineCss?: boolean;
}

/** `text` is always set when `html` is: generated from the rendered html when no text part was given. */
export type RenderedContent = ContentParts;

export interface CompiledContent {
  /**
   * Renders one recipient's message. `address`, when given, is exposed to templates as `address`
   * unless the data has its own `address`. Renders of one transmission share one `budget`.
   * Throws GenerationError and nothing else.
   */
  render(data: SubstitutionData, address?: RecipientAddress, budget?: RenderBudget): RenderedContent;
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
  const compile = (part: string, source: string, htmlEscape: boolean): PartTemplate =>
    substitute ? compilePart(part, source, htmlEscape) : () => source;
  const optional = (part: string, source: string | undefined, htmlEscape: boolean) =>
    source === undefined || source === '' ? undefined : compile(part, source, htmlEscape);
  if (substitute) checkContentShape(parts);

  const templates: Templates = {
    subject: compile('subject', parts.subject, false),
    html: optional('html', parts.html, true),
    text: optional('text', parts.text, false),
    ampHtml: optional('amp_html', parts.amp_html, true),
    fromEmail: compile('from.email', parts.from.email, false),
    fromName: optional('from.name', parts.from.name, false),
    replyTo: optional('reply_to', parts.reply_to, false),
    headers: Object.entries(parts.headers ?? {}).map(([name, value]) => [
      name,
      compile(`headers.${name}`, value, false),
    ]),
  };
  const produce = createProducer(templates, options.inlineCss ?? false);

  const render = (
    data: SubstitutionData,
    address?: RecipientAddress,
    budget = createRenderBudget(),
  ): RenderedContent => {
    try {
      if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        throw new GenerationError('generation_failure', 'substitution data must be a JSON object');
      }
      return produce(address ? withRecipientAddress(data, address) : data, budget);
    } catch (error) {
      if (error instanceof GenerationError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new GenerationError('generation_failure', `rendering failed: ${detail}`);
    }
  };

  if (substitute) return { render };

  // Verbatim content is the same for every recipient: build (or reject) it once, hand out copies.
  let outcome: { content: RenderedContent } | { error: GenerationError } | undefined;
  return {
    render(data) {
      if (!outcome) {
        try {
          outcome = { content: render(data) };
        } catch (error) {
          outcome = { error: error as GenerationError };
        }
      }
      if ('error' in outcome) throw outcome.error;
      return copyContent(outcome.content);
    },
  };
}

/**
 * The linear pre-check of every part (nesting depth; tags, which count towards one limit for all
 * parts), before any is compiled. Throws CompileError.
 */
export function checkContentShape(parts: ContentParts): void {
  const sources: [string, string | undefined][] = [
    ['subject', parts.subject],
    ['html', parts.html],
    ['text', parts.text],
    ['amp_html', parts.amp_html],
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
): (data: SubstitutionData, budget: RenderBudget) => RenderedContent {
  // Recipients often share the same rendered html; the html-to-text and juice passes are the costly ones.
  const toText = memoizeLast(htmlToPlainText);
  const inline = memoizeLast(inlineCss);

  return (data, budget) => {
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

    const renderedHtml = templates.html?.(data, budget);
    const ampHtml = templates.ampHtml?.(data, budget);
    let text = templates.text?.(data, budget);
    checkSize(renderedHtml, text, ampHtml);
    if (text === undefined && renderedHtml !== undefined) text = toText(renderedHtml);
    const html = renderedHtml !== undefined && inlining ? inline(renderedHtml) : renderedHtml;
    checkSize(html, text, ampHtml);

    const content: RenderedContent = { subject, from: { email: fromEmail } };
    if (fromName !== undefined) content.from.name = fromName;
    if (html !== undefined) content.html = html;
    if (text !== undefined) content.text = text;
    if (ampHtml !== undefined) content.amp_html = ampHtml;
    if (replyTo !== undefined) content.reply_to = replyTo;
    if (headers) content.headers = headers;
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

function copyContent(content: RenderedContent): RenderedContent {
  const copy: RenderedContent = { ...content, from: { ...content.from } };
  if (content.headers) copy.headers = { ...content.headers };
  return copy;
}
