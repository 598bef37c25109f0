import type { Expr, Node, OutputMode, ParsedPart, PartKind } from './ast.ts';
import { AmpMustacheTracker, belongsToAmpMustache, LinkTracker } from './context.ts';
import { CompileError } from './errors.ts';
import { ExpressionParser } from './expression.ts';
import { type Segment, splitTags, type Token, tokenize } from './lexer.ts';
import { templateLimits } from './limits.ts';
import { trimAroundStatements } from './whitespace.ts';

const STATEMENTS = new Set(['if', 'elseif', 'else', 'end', 'each']);
const BODY_ONLY_MACROS = new Set(['render_snippet', 'render_dynamic_content']);

type Open =
  | { kind: 'root'; body: Node[] }
  | { kind: 'if'; node: Extract<Node, { kind: 'if' }>; body: Node[]; line: number; sawElse: boolean }
  | { kind: 'each'; body: Node[]; line: number };

interface Tag {
  segment: Extract<Segment, { kind: 'tag' }>;
  tokens: Token[];
}

// Handlebars tags a migrated template may still hold: said plainly instead of as a syntax error.
const HANDLEBARS_TAG = /^\s*(#\s*(if|each|unless|with)\b|\/|\^|>|!|else\s+if\b)/;
const HANDLEBARS_HINT =
  'Handlebars syntax is not supported: write {{if x}}…{{elseif y}}…{{else}}…{{end}} and {{each list}}…{{loop_var}}…{{end}}';

/** The array a loop walks, by the last name of its path: `loop_vars.<name>` reads its current item. */
function arrayNameOf(list: Expr): string | undefined {
  if (list.kind === 'variable') return list.name;
  if (list.kind === 'member') return list.key;
  if (list.kind === 'index' && list.index.kind === 'literal' && typeof list.index.value === 'string')
    return list.index.value;
  return undefined;
}

/** Parses one part in a single pass over its tags. Throws CompileError naming the part and line. */
export function parsePart(part: string, kind: PartKind, source: string): ParsedPart {
  const fail = (line: number, message: string): never => {
    throw new CompileError(part, line, message);
  };
  const tokensOf = new Map<Segment, Token[]>();
  const segments = splitTags(part, source);

  // amp-mustache tags turn into text before statements are looked for.
  if (kind === 'amp_html') {
    const amp = new AmpMustacheTracker();
    segments.forEach((segment, index) => {
      if (segment.kind === 'text') amp.read(segment.text);
      else if (amp.inTemplate && belongsToAmpMustache(segment.inside))
        segments[index] = { kind: 'text', text: segment.source, line: segment.line };
    });
  }
  for (const segment of segments) {
    if (segment.kind !== 'tag') continue;
    if (HANDLEBARS_TAG.test(segment.inside)) fail(segment.line, HANDLEBARS_HINT);
    try {
      tokensOf.set(segment, tokenize(segment.inside));
    } catch (error) {
      fail(segment.line, (error as Error).message);
    }
  }
  const statementWord = (segment: Segment) => {
    const first = tokensOf.get(segment)?.[0];
    return first?.kind === 'name' && STATEMENTS.has(first.value) ? first.value : undefined;
  };
  trimAroundStatements(segments, statementWord);

  const root: Open = { kind: 'root', body: [] };
  const stack: Open[] = [root];
  const snippetCalls: Expr[] = [];
  let firstNestedCallLine: number | undefined;
  const links = kind === 'header' ? undefined : new LinkTracker();
  const top = () => stack[stack.length - 1] ?? root;

  const expression = (tag: Tag, skip: number, allowThen: boolean): Expr => {
    const parser = new ExpressionParser(tag.tokens);
    for (let index = 0; index < skip; index++) parser.next();
    const expr = parser.parse();
    if (allowThen && parser.isName('then')) parser.next();
    parser.expectEnd();
    for (const call of parser.calls) {
      if (BODY_ONLY_MACROS.has(call.name) && kind === 'header') {
        throw new Error(`${call.name}() can only be used in the html, amp_html and text parts`);
      }
      if (BODY_ONLY_MACROS.has(call.name)) firstNestedCallLine ??= tag.segment.line;
      if (call.name === 'render_snippet') {
        if (snippetCalls.length >= templateLimits.maxSnippetCallSites) {
          throw new Error(
            `more than ${templateLimits.maxSnippetCallSites} render_snippet() tags in this part; that is the limit`,
          );
        }
        snippetCalls.push(call.args[0] as Expr);
      }
    }
    return expr;
  };

  const statement = (tag: Tag, word: string): void => {
    const line = tag.segment.line;
    const open = top();
    links?.end();
    switch (word) {
      case 'if':
      case 'each': {
        if (stack.length > templateLimits.maxNestingDepth) {
          fail(line, `blocks are nested more than ${templateLimits.maxNestingDepth} deep; that is the limit`);
        }
        if (word === 'if') {
          const body: Node[] = [];
          const node: Node = {
            kind: 'if',
            branches: [{ test: expression(tag, 1, true), body }],
            otherwise: undefined,
          };
          open.body.push(node);
          stack.push({ kind: 'if', node, body, line, sawElse: false });
        } else {
          const list = expression(tag, 1, false);
          const body: Node[] = [];
          open.body.push({ kind: 'each', list, arrayName: arrayNameOf(list), body, line });
          stack.push({ kind: 'each', body, line });
        }
        return;
      }
      case 'elseif':
      case 'else': {
        if (open.kind !== 'if' || open.sawElse) fail(line, `{{${word}}} without an open {{if}}`);
        const block = open as Extract<Open, { kind: 'if' }>;
        const body: Node[] = [];
        if (word === 'elseif') {
          block.node.branches.push({ test: expression(tag, 1, true), body });
        } else {
          if (tag.tokens.length > 2) fail(line, 'syntax error: nothing may follow else');
          block.node.otherwise = body;
          block.sawElse = true;
        }
        block.body = body;
        return;
      }
      default: {
        if (tag.tokens.length > 2) fail(line, 'syntax error: nothing may follow end');
        if (open.kind === 'root') fail(line, '{{end}} without an open {{if}} or {{each}}');
        stack.pop();
      }
    }
  };

  for (const segment of segments) {
    if (segment.kind === 'text') {
      if (segment.text === '') continue;
      links?.read(segment.text);
      top().body.push({ kind: 'text', text: segment.text });
      continue;
    }
    const tag: Tag = { segment, tokens: tokensOf.get(segment) ?? [] };
    try {
      const word = statementWord(segment);
      if (word !== undefined) {
        statement(tag, word);
        continue;
      }
      const expr = expression(tag, 0, false);
      const mode: OutputMode = segment.triple
        ? 'raw'
        : links?.inLink
          ? 'url'
          : kind === 'html' || kind === 'amp_html'
            ? 'html'
            : 'raw';
      top().body.push({ kind: 'output', expr, mode, line: segment.line });
    } catch (error) {
      if (error instanceof CompileError) throw error;
      fail(segment.line, (error as Error).message);
    }
  }
  const unclosed = top();
  if (unclosed.kind !== 'root') {
    fail(unclosed.line, `the {{${unclosed.kind}}} block opened here is not closed with {{end}}`);
  }
  return { kind, nodes: root.body, snippetCalls, firstNestedCallLine };
}
