import { CompileError } from './errors.ts';

/**
 * Limits of the template language. Compiling costs about a millisecond per tag and grows steeply
 * with nesting, so both are capped before anything is compiled; rendering is capped per transmission.
 */
export const templateLimits = {
  /** Blocks ({{#if}}, {{#unless}}, {{#each}}, {{#with}}) open inside one another. */
  maxNestingDepth: 50,
  /** Tags ({{…}}, comments included) in one content: every part together. */
  maxTags: 5_000,
  /** {{#each}} iterations of one transmission (all its recipients and parts together) or one preview. */
  renderIterations: 10_000_000,
} as const;

/** The limits in a sentence, for the API reference. */
export const templateLimitsText =
  `Template language limits: blocks ({{#if}}, {{#each}}, {{#unless}}, {{#with}}) may be nested at most ` +
  `${templateLimits.maxNestingDepth} deep, and one content may hold at most ${templateLimits.maxTags.toLocaleString('en-US')} ` +
  `tags ({{…}}) across its parts; content over either limit is refused with 422, code 3000. ` +
  `A transmission's {{#each}} loops may run at most ${templateLimits.renderIterations.toLocaleString('en-US')} ` +
  'iterations in all (every recipient and part together); recipients rendered after that budget is ' +
  'spent get a generation_failure event.';

const lineAt = (source: string, index: number) => {
  let line = 1;
  for (let at = source.indexOf('\n'); at >= 0 && at < index; at = source.indexOf('\n', at + 1)) line++;
  return line;
};

/**
 * One linear pass over a part before it is parsed: counts its tags and refuses nesting deeper than
 * the limit. Returns the number of tags; `tagsBefore` are those of the content's earlier parts.
 */
export function checkTemplateShape(part: string, source: string, tagsBefore = 0): number {
  let tags = 0;
  let depth = 0;
  let at = source.indexOf('{{');
  while (at >= 0) {
    tags++;
    if (tagsBefore + tags > templateLimits.maxTags) {
      throw new CompileError(
        part,
        lineAt(source, at),
        `more than ${templateLimits.maxTags.toLocaleString('en-US')} tags ({{…}}) in the content; that is the limit`,
      );
    }
    let next = at + 2;
    while (source[next] === '{') next++;
    if (source[next] === '~') next++;
    const sigil = source[next];
    if (sigil === '!') {
      const end = source.startsWith('--', next + 1)
        ? source.indexOf('--}}', next)
        : source.indexOf('}}', next);
      if (end < 0) break;
      at = source.indexOf('{{', end + 2);
      continue;
    }
    const opensBlock = sigil === '#' || (sigil === '^' && !isElse(source, next + 1));
    if (opensBlock) {
      depth++;
      if (depth > templateLimits.maxNestingDepth) {
        throw new CompileError(
          part,
          lineAt(source, at),
          `blocks are nested more than ${templateLimits.maxNestingDepth} deep; that is the limit`,
        );
      }
    } else if (sigil === '/') {
      depth = Math.max(0, depth - 1);
    }
    at = source.indexOf('{{', next);
  }
  return tags;
}

/** `{{^}}` (or `{{^~}}`) is an else, `{{^name}}` opens an inverted block. */
function isElse(source: string, from: number): boolean {
  let index = from;
  while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n' || source[index] === '\r')
    index++;
  if (source[index] === '~') index++;
  return source[index] === '}';
}
