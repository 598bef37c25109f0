import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { fairPool } from '../../threads/fair-pool.ts';
import {
  CompileError,
  type ContentParts,
  checkContentShape,
  type SnippetContents,
  type SubstitutionData,
} from '../substitution/render.ts';
import type {
  CompileProblem,
  ContentOptions,
  PreviewResult,
  RenderResult,
  RenderTask,
} from './render-worker.ts';

/**
 * Threads for template compilation, rendering and MIME composition, shared fairly among companies:
 * one company runs tasks on all threads but one, and a free thread goes to the company served longest
 * ago (threads/fair-scheduler.ts), so another company's preview starts at once beside a burst of heavy
 * ones. One transmission runs one task at a time, each a slice of its recipients, so a large send
 * takes turns with everyone else's. Idle threads end after a while, and their memory with them.
 */
const pool = fairPool(new URL('./render-worker.ts', import.meta.url), {
  threads: Math.max(3, availableParallelism() - 1),
  idleTimeoutMs: 5_000,
});

const toCompileError = (problem: CompileProblem) =>
  new CompileError(problem.part, problem.line, problem.detail);

/** Small contents known to compile (by hash), so repeated sends of one content skip the round trip. */
const compiledContents = new Set<string>();
const compiledContentsSize = 1_000;
/** Larger content is not hashed on this thread. */
const rememberedChars = 256 * 1024;

const contentChars = (parts: ContentParts) =>
  [
    parts.subject,
    parts.html,
    parts.text,
    parts.amp_html,
    parts.reply_to,
    parts.from.email,
    parts.from.name,
    ...Object.entries(parts.headers ?? {}).flat(),
  ].reduce((sum, part) => sum + (part?.length ?? 0), 0);

const contentKey = (parts: ContentParts, options: ContentOptions) =>
  createHash('sha256')
    .update(JSON.stringify([parts, options.performSubstitutions, options.inlineCss]))
    .digest('base64');

/** Throws CompileError when a part does not compile (or breaks a limit); the threads keep what compiled. */
export async function checkCompiles(
  companyId: string,
  parts: ContentParts,
  options: ContentOptions,
): Promise<void> {
  // Linear and cheap: content over a limit is refused without waiting for a thread.
  checkContentShape(parts, options.performSubstitutions);
  const key = contentChars(parts) <= rememberedChars ? contentKey(parts, options) : undefined;
  if (key !== undefined && compiledContents.has(key)) return;
  const problem: CompileProblem | undefined = await pool.run(
    companyId,
    { parts, ...options },
    'checkContent',
  );
  if (problem) throw toCompileError(problem);
  if (key === undefined) return;
  if (compiledContents.size >= compiledContentsSize) {
    compiledContents.delete(compiledContents.values().next().value ?? '');
  }
  compiledContents.add(key);
}

/** Throws CompileError when a snippet's parts do not compile, or nest snippets or dynamic content. */
export async function checkSnippetCompiles(companyId: string, parts: SnippetContents[string]): Promise<void> {
  const problem: CompileProblem | undefined = await pool.run(companyId, parts, 'checkSnippet');
  if (problem) throw toCompileError(problem);
}

/** Throws CompileError when whole-message content does not compile (its headers and text parts). */
export async function checkRfc822Compiles(
  companyId: string,
  source: string,
  performSubstitutions: boolean,
): Promise<void> {
  const problem: CompileProblem | undefined = await pool.run(
    companyId,
    { source, performSubstitutions },
    'checkRfc822',
  );
  if (problem) throw toCompileError(problem);
}

/** One render of stored content with preview data; throws CompileError, or returns the generation failure. */
export async function preview(
  companyId: string,
  parts: ContentParts,
  data: SubstitutionData,
  snippets: SnippetContents = {},
): Promise<Exclude<PreviewResult, { compileProblem: CompileProblem }>> {
  const result: PreviewResult = await pool.run(companyId, { parts, data, snippets }, 'previewContent');
  if ('compileProblem' in result) throw toCompileError(result.compileProblem);
  return result;
}

export function renderMessages(companyId: string, task: RenderTask): Promise<RenderResult> {
  return pool.run(companyId, task, 'renderMessages');
}
