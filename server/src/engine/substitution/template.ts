import type { ParsedPart, PartKind } from './ast.ts';
import type { SubstitutionData } from './data.ts';
import { CompileError, GenerationError } from './errors.ts';
import { type NestedOrigin, type RenderBudget, renderPart } from './evaluate.ts';
import { templateLimits } from './limits.ts';
import { parsePart } from './parser.ts';
import type { SnippetContents } from './substitution-types.ts';

export type { RenderBudget } from './evaluate.ts';

export const createRenderBudget = (): RenderBudget => ({ loopStepsLeft: templateLimits.renderLoopSteps });

export type PartTemplate = (
  data: SubstitutionData,
  budget: RenderBudget,
  snippets?: SnippetContents,
) => string;

/**
 * Dynamic content and snippets parsed once per compiled content, however many recipients use them;
 * forgotten all at once past a size, so a content with ever-new dynamic content holds little.
 */
export class NestedSources {
  private readonly parsed = new Map<string, ParsedPart | GenerationError>();
  private chars = 0;
  private static readonly maxEntries = 256;
  private static readonly maxChars = 4 * 1024 * 1024;

  parse(kind: PartKind, source: string, origin: NestedOrigin, name: string): ParsedPart {
    const key = `${kind}\0${source}`;
    let entry = this.parsed.get(key);
    if (!entry) {
      try {
        entry = parsePart(origin === 'snippet' ? `snippet ${name}` : 'dynamic content', kind, source);
      } catch (error) {
        if (!(error instanceof CompileError)) throw error;
        entry = new GenerationError('generation_failure', error.message);
      }
      if (this.parsed.size >= NestedSources.maxEntries || this.chars + key.length > NestedSources.maxChars) {
        this.parsed.clear();
        this.chars = 0;
      }
      this.parsed.set(key, entry);
      this.chars += key.length;
    }
    if (entry instanceof GenerationError) throw entry;
    return entry;
  }
}

/** Parses one content part into a function of the data. Throws CompileError naming the part and line. */
export function compilePart(
  part: string,
  source: string,
  kind: PartKind,
  nested: NestedSources = new NestedSources(),
): PartTemplate & { parsed: ParsedPart } {
  const parsed = parsePart(part, kind, source);
  const template = (data: SubstitutionData, budget: RenderBudget, snippets: SnippetContents = {}) =>
    renderPart(parsed, {
      data,
      budget,
      snippets,
      parseNested: (nestedKind, nestedSource, origin, name) =>
        nested.parse(nestedKind, nestedSource, origin, name),
    });
  return Object.assign(template, { parsed });
}
