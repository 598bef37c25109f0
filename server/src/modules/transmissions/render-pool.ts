import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import {
  CompileError,
  type ContentParts,
  checkContentShape,
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
 * Threads for template compilation, rendering and MIME composition. One transmission runs one task
 * at a time, each a slice of its recipients, so a large send takes turns with everyone else's.
 * Idle threads end after a while, and their memory with them.
 */
let pool: Piscina | undefined;

function renderPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(2, availableParallelism() - 1),
    idleTimeout: 5_000,
  });
  return pool;
}

const toCompileError = (problem: CompileProblem) =>
  new CompileError(problem.part, problem.line, problem.detail);

/** Throws CompileError when a part does not compile (or breaks a limit); the threads keep what compiled. */
export async function checkCompiles(parts: ContentParts, options: ContentOptions): Promise<void> {
  // Linear and cheap: content over a limit is refused without waiting for a thread.
  if (options.performSubstitutions) checkContentShape(parts);
  const problem: CompileProblem | undefined = await renderPool().run(
    { parts, ...options },
    { name: 'checkContent' },
  );
  if (problem) throw toCompileError(problem);
}

/** One render of stored content with preview data; throws CompileError, or returns the generation failure. */
export async function preview(
  parts: ContentParts,
  data: SubstitutionData,
): Promise<Exclude<PreviewResult, { compileProblem: CompileProblem }>> {
  const result: PreviewResult = await renderPool().run({ parts, data }, { name: 'previewContent' });
  if ('compileProblem' in result) throw toCompileError(result.compileProblem);
  return result;
}

export function renderMessages(task: RenderTask): Promise<RenderResult> {
  return renderPool().run(task, { name: 'renderMessages' });
}
