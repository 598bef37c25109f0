import type { Expr } from './ast.ts';
import type { SubstitutionData } from './data.ts';
import { CompileError } from './errors.ts';
import { parsePart } from './parser.ts';
import type { ContentParts } from './render.ts';
import { lookup } from './values.ts';

/** A stored snippet's parts, by snippet id, as the renderer gets them. */
export type SnippetContents = Record<string, { html?: string; text?: string; amp_html?: string }>;

const BODY_PARTS = ['html', 'text', 'amp_html'] as const;

/** The render_snippet arguments of the body parts, parsed (parts that do not compile are skipped). */
export function snippetCallsIn(parts: Pick<ContentParts, 'html' | 'text' | 'amp_html'>): Expr[] {
  const calls: Expr[] = [];
  for (const name of BODY_PARTS) {
    const source = parts[name];
    // Most content names no snippet: a substring check spares parsing it on the caller's thread.
    if (!source?.includes('render_snippet')) continue;
    try {
      calls.push(...parsePart(name, name, source).snippetCalls);
    } catch (error) {
      if (!(error instanceof CompileError)) throw error;
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
export function snippetIdsIn(
  parts: Pick<ContentParts, 'html' | 'text' | 'amp_html'>,
  dataSets: SubstitutionData[] = [],
): string[] {
  const ids = new Set<string>();
  for (const argument of snippetCallsIn(parts)) {
    const sources = argument.kind === 'literal' ? [{}] : dataSets;
    for (const data of sources) {
      const id = idFrom(argument, data);
      if (typeof id === 'string' && id !== '') ids.add(id);
    }
  }
  return [...ids];
}
