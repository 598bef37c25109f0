import { isEmailAddress, type TemplateContentBody } from '@app/contract/engine/index';
import { EngineError, invalidValue, missingValue } from '../../engine-error.ts';
import { checkCompiles, checkRfc822Compiles, preview } from '../rendering/render-pool.ts';
import {
  CompileError,
  type ContentParts,
  type SnippetContents,
  type SubstitutionData,
} from '../substitution/render.ts';

/** What a transmission sends from a template: inline parts, or a whole message. */
export type SendingContent = ContentParts | { email_rfc822: string };

const MAX_CONTENT_BYTES = 20 * 1024 * 1024;
// Built from the recipient and the content: content may not set them as headers.
const reservedHeaders = new Set([
  'to',
  'bcc',
  'from',
  'sender',
  'subject',
  'reply-to',
  'return-path',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
]);
const headerName = /^[!-9;-~]+$/;

/** `"Name" <email>`, `Name <email>` or a bare address, as SparkPost accepts `from` as a string. */
export function parseFrom(from: NonNullable<TemplateContentBody['from']>): { email: string; name?: string } {
  if (typeof from !== 'string') {
    const name = from.name?.trim();
    return name ? { email: from.email.trim(), name } : { email: from.email.trim() };
  }
  // Split at the last "<" without a regular expression: user input must not be able to make this slow.
  const value = from.trim();
  const open = value.lastIndexOf('<');
  if (open < 0 || !value.endsWith('>')) return { email: value };
  const email = value.slice(open + 1, -1).trim();
  const name = value
    .slice(0, open)
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
  return name ? { email, name } : { email };
}

/** Stored content in the shape the renderer and the transmissions code take. */
export function toSendingContent(content: TemplateContentBody): SendingContent {
  if (content.email_rfc822 !== undefined) return { email_rfc822: content.email_rfc822 };
  const parts: ContentParts = { subject: content.subject ?? '', from: parseFrom(content.from ?? '') };
  if (content.html) parts.html = content.html;
  if (content.text) parts.text = content.text;
  if (content.amp_html) parts.amp_html = content.amp_html;
  if (content.reply_to) parts.reply_to = content.reply_to;
  if (content.headers && Object.keys(content.headers).length > 0) parts.headers = { ...content.headers };
  return parts;
}

/**
 * `parts` rendered once with `data`, on the render threads as `companyId`'s; content that does not
 * compile or render is refused (3000, 1300).
 */
export async function renderPreview(
  companyId: string,
  parts: ContentParts,
  data: SubstitutionData,
  snippets: SnippetContents,
) {
  try {
    const rendered = await preview(companyId, parts, data, snippets);
    if ('failure' in rendered) throw invalidValue(`preview failed: ${rendered.failure}`);
    // The links found for tracking stay on the server.
    const { links: _tracking, ...content } = rendered.content;
    return content;
  } catch (error) {
    if (error instanceof CompileError) throw compileFailure(error);
    throw error;
  }
}

/** Content that does not compile, naming the part and line. */
export function compileFailure(error: CompileError): EngineError {
  return new EngineError('syntax', `Error while compiling ${error.message}`, {
    details: { part: error.part, ...(error.line === undefined ? {} : { line: error.line }) },
  });
}

/**
 * The checks of inline content that need no substitution, made when content is accepted (a stored
 * template or a transmission's inline content): a from address without `{{...}}` must be an address,
 * header names must be names and may not be ones the content and recipients set. Line breaks in
 * header values are refused by the request schema; values with substitutions are checked again
 * after rendering.
 */
export function checkSenderAndHeaders(content: {
  from: NonNullable<TemplateContentBody['from']>;
  headers?: Record<string, string> | undefined;
}): void {
  const from = parseFrom(content.from);
  if (!from.email) throw missingValue('content.from.email is required');
  if (!from.email.includes('{{') && !isEmailAddress(from.email)) {
    throw invalidValue(`content.from: ${JSON.stringify(from.email)} is not a valid email address`);
  }
  for (const name of Object.keys(content.headers ?? {})) {
    if (!headerName.test(name))
      throw invalidValue(`content.headers: ${JSON.stringify(name)} is not a header name`);
    if (reservedHeaders.has(name.toLowerCase())) {
      throw invalidValue(`content.headers: ${name} is set from the content and recipients, not as a header`);
    }
  }
}

/**
 * Checks content before it is saved: required fields, headers, size, and every part must compile
 * (on the render threads, as `companyId`'s).
 */
export async function checkTemplateContent(companyId: string, content: TemplateContentBody): Promise<void> {
  if (content.email_rfc822 !== undefined) {
    const others = Object.keys(content).filter((key) => key !== 'email_rfc822');
    if (others.length > 0) {
      throw invalidValue(`content.email_rfc822 cannot be combined with ${others.join(', ')}`);
    }
    if (content.email_rfc822.trim() === '') throw missingValue('content.email_rfc822 is empty');
    if (Buffer.byteLength(content.email_rfc822) > MAX_CONTENT_BYTES) {
      throw invalidValue('content is larger than 20 MB');
    }
    try {
      await checkRfc822Compiles(companyId, content.email_rfc822, true);
    } catch (error) {
      if (error instanceof CompileError) throw compileFailure(error);
      throw error;
    }
    return;
  }
  if (!content.subject?.trim()) throw missingValue('content.subject is required');
  if (content.from === undefined) throw missingValue('content.from is required');
  checkSenderAndHeaders({ from: content.from, headers: content.headers });
  if (!content.html && !content.text && !content.amp_html) {
    throw missingValue('content needs at least one of html, text or amp_html');
  }
  const bodies = [content.html, content.text, content.amp_html];
  if (bodies.reduce((sum, body) => sum + (body ? Buffer.byteLength(body) : 0), 0) > MAX_CONTENT_BYTES) {
    throw invalidValue('content is larger than 20 MB');
  }
  try {
    await checkCompiles(companyId, toSendingContent(content) as ContentParts, {
      performSubstitutions: true,
      inlineCss: false,
    });
  } catch (error) {
    if (error instanceof CompileError) throw compileFailure(error);
    throw error;
  }
}
