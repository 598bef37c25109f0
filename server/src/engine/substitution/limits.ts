import { CompileError } from './errors.ts';

/**
 * Limits of the template language. Parsing and rendering take time in proportion to the template
 * (and to the loops it runs); these caps bound that time per content and per transmission.
 */
export const templateLimits = {
  /** Blocks ({{if}}, {{each}}) open inside one another, and parentheses or operators inside one tag. */
  maxNestingDepth: 50,
  /** Operators and path steps (`.key`, `[index]`) in one tag. */
  maxOperatorsPerTag: 500,
  /** Tags ({{…}}) in one content: every part together. */
  maxTags: 5_000,
  /**
   * Loop steps of one transmission (all its recipients and parts together) or one preview: each
   * {{each}} iteration, and each tag or text evaluated inside a loop, dynamic content or a snippet.
   */
  renderLoopSteps: 50_000_000,
  /** render_snippet() calls in one part of a content (html, text, amp_html), as the reference allows. */
  maxSnippetCalls: 5,
  /** render_snippet() calls written in one part (its tags; a call in a loop counts once here). */
  maxSnippetCallSites: 50,
} as const;

/** The limits in a sentence, for the API reference. */
export const templateLimitsText =
  "Content uses SparkPost's template language ({{value}}, {{if}}…{{elseif}}…{{else}}…{{end}}, " +
  '{{each list}}…{{end}}, render_dynamic_content(), render_snippet()). Its limits: blocks ({{if}}, {{each}}) ' +
  `may be nested at most ${templateLimits.maxNestingDepth} deep, and so may parentheses and unary operators inside one tag, ` +
  `which holds at most ${templateLimits.maxOperatorsPerTag} operators and path steps; ` +
  `one content may hold at most ${templateLimits.maxTags.toLocaleString('en-US')} tags ({{…}}) across its parts; ` +
  `a part may hold at most ${templateLimits.maxSnippetCallSites} render_snippet() tags; ` +
  'content over a limit, or not valid in the language, is refused with 422, code 3000, naming the part and ' +
  `the line. A transmission's {{each}} loops, dynamic content and snippets may take at most ${templateLimits.renderLoopSteps.toLocaleString('en-US')} ` +
  'steps in all (every recipient and part together; a step is a loop iteration, or a tag or text evaluated inside a loop, ' +
  'dynamic content or a snippet); recipients rendered after that budget is ' +
  `spent get a generation_failure event, as do recipients whose content calls render_snippet() more than ${templateLimits.maxSnippetCalls} ` +
  'times in one part, names a snippet that does not exist, or renders to more than 20 MB.';

const lineAt = (source: string, index: number) => {
  let line = 1;
  for (let at = source.indexOf('\n'); at >= 0 && at < index; at = source.indexOf('\n', at + 1)) line++;
  return line;
};

const OPENS_BLOCK = /^\s*(if|each)(?![A-Za-z0-9_])/;
const CLOSES_BLOCK = /^\s*end(?![A-Za-z0-9_])/;

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
    const head = source.slice(next, next + 12);
    if (OPENS_BLOCK.test(head)) {
      depth++;
      if (depth > templateLimits.maxNestingDepth) {
        throw new CompileError(
          part,
          lineAt(source, at),
          `blocks are nested more than ${templateLimits.maxNestingDepth} deep; that is the limit`,
        );
      }
    } else if (CLOSES_BLOCK.test(head)) {
      depth = Math.max(0, depth - 1);
    }
    const close = source.indexOf('}}', next);
    at = close < 0 ? -1 : source.indexOf('{{', close + 2);
  }
  return tags;
}
