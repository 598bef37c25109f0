import type Handlebars from 'handlebars';

type Program = ReturnType<typeof Handlebars.parse>;
type Statement = Program['body'][number];
type Node = Program['body'][number] | hbs.AST.Expression;

export interface TemplateProblem {
  line: number | undefined;
  message: string;
}

const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);
const HELPER_LIST = 'if, unless, each, with and lookup';

const TOKEN_NAMES: Record<string, string> = {
  EOF: 'end of template',
  INVERSE: '{{else}}',
  OPEN_INVERSE_CHAIN: '{{else …}}',
  OPEN_ENDBLOCK: '{{/…}}',
  CLOSE: '}}',
  CLOSE_UNESCAPED: '}}}',
  CLOSE_RAW_BLOCK: '}}}}',
  OPEN: '{{',
  OPEN_UNESCAPED: '{{{',
  OPEN_BLOCK: '{{#',
  OPEN_INVERSE: '{{^',
  OPEN_SEXPR: '(',
  CLOSE_SEXPR: ')',
  ID: 'a name',
  STRING: 'a string',
  NUMBER: 'a number',
  BOOLEAN: 'true/false',
  DATA: 'an @variable',
  INVALID: 'invalid characters',
};

const CLOSERS = ['CLOSE_UNESCAPED', 'CLOSE', 'CLOSE_SEXPR'];

function tokenName(token: string): string {
  return TOKEN_NAMES[token] ?? token.toLowerCase().replaceAll('_', ' ');
}

/** Turns handlebars' parser/lexer messages into one line naming the line number and what went wrong. */
export function describeParseError(error: unknown): TemplateProblem {
  const raw = error instanceof Error ? error.message : String(error);
  const lineNumber = (error as { lineNumber?: unknown }).lineNumber;
  if (typeof lineNumber === 'number') {
    // e.g. "if doesn't match each - 2:5"
    const message = raw.replace(/ - \d+:\d+$/, '');
    const mismatch = /^(\S+) doesn't match (\S+)$/.exec(message);
    return {
      line: lineNumber,
      message: mismatch ? `{{/${mismatch[2]}}} does not close the open {{#${mismatch[1]}}}` : message,
    };
  }
  const parse = /^Parse error on line (\d+):\n(.*)\n.*\nExpecting (.*), got '(\w+)'$/s.exec(raw);
  if (parse) {
    const [, line, near = '', expecting = '', got = ''] = parse;
    const expected = [...new Set([...expecting.matchAll(/'(\w+)'/g)].map((m) => tokenName(m[1] ?? '')))];
    let message = `unexpected ${tokenName(got)}`;
    if (got === 'EOF' && expecting.includes('OPEN_ENDBLOCK')) {
      message += ': a block ({{#if}}, {{#each}}, {{#unless}}, {{#with}}) is not closed';
    } else if (expected.length <= 4) {
      message += `, expected ${expected.join(' or ')}`;
    } else {
      const closer = CLOSERS.find((token) => expecting.includes(`'${token}'`));
      if (closer) message += `, expected ${tokenName(closer)}`;
    }
    return { line: Number(line), message: `${message} (near "${near.trim()}")` };
  }
  const line = /on line (\d+)/.exec(raw)?.[1];
  return { line: line === undefined ? undefined : Number(line), message: raw.split('\n')[0] ?? raw };
}

/** Rejects what we do not offer (partials, decorators, helpers other than the built-in ones, misused helpers). */
export function findUnsupported(program: Program): TemplateProblem | undefined {
  for (const statement of program.body) {
    const problem = checkStatement(statement);
    if (problem) return problem;
  }
  return undefined;
}

function checkStatement(node: Statement): TemplateProblem | undefined {
  switch (node.type) {
    case 'PartialStatement':
    case 'PartialBlockStatement':
      return at(node, 'partials ({{> name}}) are not supported');
    case 'Decorator':
    case 'DecoratorBlock':
      return at(node, 'decorators ({{* name}}) are not supported');
    case 'MustacheStatement':
      return checkCall(node as hbs.AST.MustacheStatement, 'inline');
    case 'BlockStatement': {
      const block = node as hbs.AST.BlockStatement;
      return (
        checkCall(block, 'block') ??
        (block.program ? findUnsupported(block.program) : undefined) ??
        (block.inverse ? findUnsupported(block.inverse) : undefined)
      );
    }
    default:
      return undefined;
  }
}

type Call = hbs.AST.MustacheStatement | hbs.AST.BlockStatement | hbs.AST.SubExpression;

function checkCall(node: Call, usage: 'inline' | 'block' | 'subexpression'): TemplateProblem | undefined {
  const pairs = node.hash?.pairs ?? [];
  for (const argument of [...node.params, ...pairs.map((pair) => pair.value)]) {
    if (argument.type === 'SubExpression') {
      const problem = checkCall(argument as hbs.AST.SubExpression, 'subexpression');
      if (problem) return problem;
    }
  }

  const simpleName = helperName(node.path);
  const argumentCount = node.params.length;

  if (simpleName !== undefined && BLOCK_HELPERS.has(simpleName)) {
    if (usage !== 'block') {
      return at(node, `${simpleName} must be used as a block: {{#${simpleName} value}}…{{/${simpleName}}}`);
    }
    if (argumentCount !== 1) {
      return at(node, `{{#${simpleName}}} needs exactly one value, e.g. {{#${simpleName} items}}`);
    }
    return undefined;
  }
  if (simpleName === 'lookup') {
    if (usage === 'block') return at(node, 'lookup cannot be used as a block');
    if (argumentCount !== 2) return at(node, 'lookup needs an object and a key, e.g. {{lookup prices code}}');
    return undefined;
  }
  if (usage === 'subexpression' || argumentCount > 0 || pairs.length > 0) {
    const name = 'original' in node.path ? String(node.path.original) : 'expression';
    return at(node, `unknown helper "${name}"; the available helpers are ${HELPER_LIST}`);
  }
  return undefined;
}

/** The name a call would resolve as a helper: a bare identifier such as `if`, not `this.if` or `@if`. */
function helperName(path: hbs.AST.PathExpression | hbs.AST.Literal): string | undefined {
  if (path.type !== 'PathExpression') return undefined;
  const { data, parts, original } = path as hbs.AST.PathExpression;
  return !data && parts.length === 1 && original === parts[0] ? original : undefined;
}

function at(node: Node, message: string): TemplateProblem {
  return { line: node.loc?.start.line, message };
}
