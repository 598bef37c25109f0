/**
 * Runs on the render pool's threads (render-pool.ts): compiling and rendering templates and composing
 * MIME messages cost CPU in proportion to what a client sends, so none of it runs on the event loop.
 */
import { createHash } from 'node:crypto';
import type { SparkpostRecipient } from '@app/contract/engine/index';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { readHeaderFields, withMessageId } from '../messages/header-fields.ts';
import {
  type CompiledContent,
  CompileError,
  type ContentParts,
  checkSnippetParts,
  compileContent,
  GenerationError,
  type GenerationErrorKind,
  mergeSubstitutionData,
  type RenderBudget,
  type RenderedContent,
  type SnippetContents,
  type SubstitutionData,
  withRecipientAddress,
} from '../substitution/render.ts';
import { compileRfc822, type Rfc822Template } from '../substitution/rfc822.ts';
import type { PartTemplate } from '../substitution/template.ts';
import { clickRewrite, partTracking, type TrackingPlan, withOpenPixels } from '../tracking/instrument.ts';
import { createComposer, type FilePart } from './compose.ts';
import { messageIdFor } from './message-id.ts';

export interface ContentOptions {
  performSubstitutions: boolean;
  inlineCss: boolean;
}

/** What a transmission sends, as it crosses to a render thread. */
export type ContentSource =
  | ({
      kind: 'inline';
      parts: ContentParts;
      attachments: FilePart[];
      inlineImages: FilePart[];
    } & ContentOptions)
  /** A whole message: text from `/api/v1` (may hold substitutions), or the bytes an SMTP client sent. */
  | { kind: 'rfc822'; source: string; performSubstitutions: boolean }
  | { kind: 'received'; raw: Uint8Array };

export interface CompileProblem {
  part: string;
  line: number | undefined;
  detail: string;
}

export interface RecipientJob {
  /** The message id. */
  id: string;
  address: SparkpostRecipient['address'];
  /** The recipient's metadata, under its substitution data. */
  metadata?: SubstitutionData | undefined;
  data: SubstitutionData | undefined;
  /** The envelope sender, for the env_from and return_path variables. */
  returnPath?: string | undefined;
}

export interface RenderTask {
  content: ContentSource;
  /** Template data under the transmission's: each recipient's own data goes over both. */
  sharedData: SubstitutionData;
  /** The snippets the content references, by id (a missing one fails the recipients that use it). */
  snippets?: SnippetContents;
  recipients: RecipientJob[];
  injectedAt: Date;
  /** What is left of the transmission's render budget. */
  loopStepsLeft: number;
  /** The task returns after the recipient that passes this much time, so other tasks get their turn. */
  sliceMs: number;
  /** Open and click tracking of the send's inline content; none when neither is on. */
  tracking?: TrackingPlan | undefined;
}

export type RenderedMessage =
  | { ok: true; subject: string; fromEmail: string; messageIdHeader: string; start: number; end: number }
  | { ok: false; kind: GenerationErrorKind; reason: string };

/** `messages` holds the first recipients of the task (all unless the slice ran out); `raw` their bytes. */
export interface RenderResult {
  messages: RenderedMessage[];
  raw: Uint8Array;
  loopStepsLeft: number;
}

export type PreviewResult =
  | { content: RenderedContent }
  | { compileProblem: CompileProblem }
  | { failure: string };

/**
 * Compiled templates by content, bounded by the size of their sources. A content that does not
 * compile is kept too, so its recipients do not each pay for the failed attempt.
 */
type Compiled = { value: CompiledContent | PartTemplate | Rfc822Template } | { error: unknown };
const compiledCache = new Map<string, Compiled & { size: number }>();
const cacheMaxChars = 64 * 1024 * 1024;
let cachedChars = 0;

function compileOnce(make: () => CompiledContent | PartTemplate | Rfc822Template): Compiled {
  try {
    return { value: make() };
  } catch (error) {
    return { error };
  }
}

function cached<T extends CompiledContent | PartTemplate | Rfc822Template>(
  source: unknown,
  make: () => T,
): T {
  const text = JSON.stringify(source);
  const key = createHash('sha256').update(text).digest('base64');
  let entry = compiledCache.get(key);
  if (entry) {
    compiledCache.delete(key);
  } else {
    entry = { ...compileOnce(make), size: text.length };
    cachedChars += entry.size;
  }
  compiledCache.set(key, entry);
  for (const [oldest, { size }] of compiledCache) {
    if (cachedChars <= cacheMaxChars || compiledCache.size === 1) break;
    compiledCache.delete(oldest);
    cachedChars -= size;
  }
  if ('error' in entry) throw entry.error;
  return entry.value as T;
}

const compileInline = (parts: ContentParts, options: ContentOptions) =>
  cached(['inline', parts, options.performSubstitutions, options.inlineCss], () =>
    compileContent(parts, options),
  );

const problemOf = (error: CompileError): CompileProblem => ({
  part: error.part,
  line: error.line,
  detail: error.detail,
});

/** Compiles inline content (kept for the renders that follow); says what does not compile. */
export function checkContent(task: { parts: ContentParts } & ContentOptions): CompileProblem | undefined {
  try {
    compileInline(task.parts, task);
    return undefined;
  } catch (error) {
    if (error instanceof CompileError) return problemOf(error);
    throw error;
  }
}

/** Compiles a snippet's parts as they are stored; says what does not compile or nests. */
export function checkSnippet(parts: SnippetContents[string]): CompileProblem | undefined {
  try {
    checkSnippetParts(parts);
    return undefined;
  } catch (error) {
    if (error instanceof CompileError) return problemOf(error);
    throw error;
  }
}

/** Compiles whole-message content (kept for the renders that follow); says what does not compile. */
export function checkRfc822(task: {
  source: string;
  performSubstitutions: boolean;
}): CompileProblem | undefined {
  try {
    cached(['rfc822', task.source, task.performSubstitutions], () =>
      compileRfc822(task.source, task.performSubstitutions),
    );
    return undefined;
  } catch (error) {
    if (error instanceof CompileError) return problemOf(error);
    throw error;
  }
}

export function previewContent(task: {
  parts: ContentParts;
  data: SubstitutionData;
  snippets?: SnippetContents;
}): PreviewResult {
  try {
    const compiled = compileInline(task.parts, { performSubstitutions: true, inlineCss: false });
    return { content: compiled.render(task.data, undefined, undefined, task.snippets) };
  } catch (error) {
    if (error instanceof CompileError) return { compileProblem: problemOf(error) };
    if (error instanceof GenerationError) return { failure: error.reason };
    throw error;
  }
}

/** One per thread: repeated content is composed once (see createComposer). */
const composer = createComposer();

interface Built {
  raw: Buffer;
  subject: string;
  fromEmail: string;
  messageIdHeader: string;
}

/** A whole message as it goes out: its own Message-ID unless it brought one. */
function withOwnMessageId(raw: Buffer, job: RecipientJob): Built {
  const fields = readHeaderFields(raw);
  if (!fields.from) throw new GenerationError('generation_rejection', 'the message has no From address');
  const messageIdHeader = fields.messageId ?? messageIdFor(job.id, fields.from);
  return {
    raw: withMessageId(raw, fields, messageIdHeader),
    subject: fields.subject,
    fromEmail: fields.from,
    messageIdHeader,
  };
}

/**
 * A message received over SMTP with its links and open pixels tracked (X-MSYS-API turned tracking
 * on): its text parts are read as email_rfc822 content is, nothing substituted. One that is not
 * UTF-8 throughout goes as received: re-encoding it could change what it says.
 */
function trackedReceived(raw: Buffer, plan: TrackingPlan, job: RecipientJob, budget: RenderBudget): Buffer {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return raw;
  }
  const template = cached(['received', source], () =>
    compileRfc822(source, false, { headers: false, readBodies: true }),
  );
  return Buffer.from(template({}, budget, partTracking(plan, job.id)));
}

async function build(task: RenderTask, job: RecipientJob, budget: RenderBudget): Promise<Built> {
  const { content, tracking } = task;
  if (content.kind === 'received') {
    const raw = Buffer.from(content.raw.buffer, content.raw.byteOffset, content.raw.length);
    return withOwnMessageId(tracking ? trackedReceived(raw, tracking, job, budget) : raw, job);
  }
  const data = mergeSubstitutionData(task.sharedData, job.metadata, job.data);
  const recipient = { ...job.address, ...(job.returnPath ? { returnPath: job.returnPath } : {}) };
  if (content.kind === 'rfc822') {
    // Tracking reads the text parts even when they are not substituted.
    const readBodies = tracking !== undefined;
    const source = cached(
      ['rfc822', content.source, content.performSubstitutions, ...(readBodies ? ['read'] : [])],
      () => compileRfc822(content.source, content.performSubstitutions, { readBodies }),
    )(withRecipientAddress(data, recipient), budget, tracking && partTracking(tracking, job.id));
    return withOwnMessageId(Buffer.from(source.replace(/\r?\n/g, '\r\n')), job);
  }
  const compiled = compileInline(content.parts, content);
  const plain = compiled.render(
    data,
    recipient,
    budget,
    task.snippets,
    tracking && clickRewrite(tracking, job.id),
  );
  const rendered = tracking ? withOpenPixels(plain, tracking, job.id) : plain;
  const messageIdHeader = messageIdFor(job.id, rendered.from.email);
  const raw = await composer.compose({
    content: rendered,
    rcptTo: job.address,
    headerTo: job.address.header_to,
    messageId: messageIdHeader,
    date: task.injectedAt,
    attachments: content.attachments,
    inlineImages: content.inlineImages,
  });
  return { raw, subject: rendered.subject, fromEmail: rendered.from.email, messageIdHeader };
}

/** Renders and composes the task's recipients in order, until they are done or the time slice is spent. */
export async function renderMessages(task: RenderTask) {
  const started = performance.now();
  const budget: RenderBudget = { loopStepsLeft: task.loopStepsLeft };
  const messages: RenderedMessage[] = [];
  const raws: Buffer[] = [];
  let size = 0;
  for (const job of task.recipients) {
    try {
      const built = await build(task, job, budget);
      messages.push({
        ok: true,
        subject: built.subject,
        fromEmail: built.fromEmail,
        messageIdHeader: built.messageIdHeader,
        start: size,
        end: size + built.raw.length,
      });
      raws.push(built.raw);
      size += built.raw.length;
    } catch (error) {
      const failure =
        error instanceof GenerationError
          ? error
          : new GenerationError('generation_failure', error instanceof Error ? error.message : String(error));
      messages.push({ ok: false, kind: failure.kind, reason: failure.reason });
    }
    if (performance.now() - started > task.sliceMs) break;
  }
  // One buffer of its own for every message, handed over to the caller's thread without a copy.
  const raw = new Uint8Array(size);
  let offset = 0;
  for (const part of raws) {
    raw.set(part, offset);
    offset += part.length;
  }
  const result: RenderResult = { messages, raw, loopStepsLeft: Math.max(0, budget.loopStepsLeft) };
  return move({
    get [transferableSymbol]() {
      return [raw.buffer];
    },
    get [valueSymbol]() {
      return result;
    },
  });
}
