import type { Expr } from './ast.ts';
import type { SubstitutionData } from './data.ts';
import { CompileError } from './errors.ts';
import { ExpressionParser } from './expression.ts';
import { type Segment, splitTags, tokenize } from './lexer.ts';
import { templateLimits } from './limits.ts';
import { parsePart } from './parser.ts';
import type { ContentParts } from './substitution-types.ts';
import { lookup } from './values.ts';

const BODY_PARTS = ['html', 'text', 'amp_html'] as const;

const STATEMENT_WORDS = new Set(['if', 'elseif', 'each']);

/**
 * The render_snippet arguments of the body parts. Only the tags that name the macro are parsed:
 * this runs on the request's thread, before the content goes to the render threads. Tags that do
 * not parse are skipped (compiling the content reports them).
 */
export function snippetCallsIn(parts: Pick<ContentParts, 'html' | 'text' | 'amp_html'>): Expr[] {
  const calls: Expr[] = [];
  for (const name of BODY_PARTS) {
    const source = parts[name];
    if (!source?.includes('render_snippet')) continue;
    let segments: Segment[];
    try {
      segments = splitTags(name, source);
    } catch (error) {
      if (error instanceof CompileError) continue;
      throw error;
    }
    for (const segment of segments) {
      if (segment.kind !== 'tag' || !segment.inside.includes('render_snippet')) continue;
      try {
        const parser = new ExpressionParser(tokenize(segment.inside));
        const first = parser.peek();
        if (first.kind === 'name' && STATEMENT_WORDS.has(first.value)) parser.next();
        parser.parse();
        for (const call of parser.calls) if (call.name === 'render_snippet') calls.push(call.args[0] as Expr);
      } catch {
        // Not valid: compiling the content says so.
      }
    }
  }
  return calls;
}

/** A snippet id the argument names: a string, or a top-level path into the data. */
function idFrom(argument: Expr, data: SubstitutionData): unknown {
  switch (argument.kind) {
    case 'literal':
      return argument.value;
    case 'variable':
      return lookup(data, argument.name);
    case 'member':
      return lookup(idFrom(argument.object, data), argument.key);
    default:
      return undefined;
  }
}

/**
 * The ids of the snippets a content references: written as strings, or read from each given data
 * set (transmission and recipients) when the id comes from the data.
 */
export async function snippetIdsIn(
  parts: Pick<ContentParts, 'html' | 'text' | 'amp_html'>,
  dataSets: SubstitutionData[] = [],
): Promise<string[]> {
  const ids = new Set<string>();
  const add = (id: unknown) => {
    if (typeof id === 'string' && id !== '') ids.add(id);
  };
  const calls = snippetCallsIn(parts).slice(0, BODY_PARTS.length * templateLimits.maxSnippetCallSites);
  for (const argument of calls) add(idFrom(argument, {}));
  const fromData = calls.filter((argument) => argument.kind !== 'literal');
  if (fromData.length === 0) return [...ids];
  // Every recipient's data may name other snippets: read in slices that yield, however many there are.
  let sliceStarted = performance.now();
  for (const [index, data] of dataSets.entries()) {
    for (const argument of fromData) add(idFrom(argument, data));
    if (index % 256 === 255 && performance.now() - sliceStarted > sliceMs) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return [...ids];
}

/** How long reading snippet ids holds the event loop before it yields. */
const sliceMs = 10;

/**
 * Checks a snippet's parts as they are stored: each must compile, and none may render another
 * snippet or dynamic content (SparkPost allows no nesting). Throws CompileError naming the part.
 * Parts are at most 100 KB each, so one parse stays well within a turn of the event loop.
 */
export function checkSnippetParts(parts: { html?: string; text?: string; amp_html?: string }): void {
  for (const name of BODY_PARTS) {
    const source = parts[name];
    if (!source) continue;
    const parsed = parsePart(`content.${name}`, name, source);
    if (parsed.firstNestedCallLine !== undefined) {
      throw new CompileError(
        `content.${name}`,
        parsed.firstNestedCallLine,
        'a snippet cannot use render_snippet() or render_dynamic_content()',
      );
    }
  }
}
