import type { BinaryOp, Expr, MacroName } from './ast.ts';
import type { Token } from './lexer.ts';
import { templateLimits } from './limits.ts';

/** Words of the language (and of the Lua it descends from) that cannot name a variable. */
export const RESERVED_WORDS = new Set([
  'and',
  'break',
  'do',
  'else',
  'elseif',
  'end',
  'false',
  'for',
  'function',
  'if',
  'in',
  'local',
  'nil',
  'not',
  'or',
  'each',
  'repeat',
  'return',
  'then',
  'true',
  'until',
  'while',
]);

export const MACRO_ARITY: Record<MacroName, number> = {
  render_dynamic_content: 1,
  render_snippet: 1,
  empty: 1,
  opening_single_curly: 0,
  closing_single_curly: 0,
  opening_double_curly: 0,
  closing_double_curly: 0,
  opening_triple_curly: 0,
  closing_triple_curly: 0,
};

const isMacro = (name: string): name is MacroName => Object.hasOwn(MACRO_ARITY, name);

const COMPARISONS = new Set(['==', '!=', '<', '>', '<=', '>=']);

function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'the end of the tag';
    case 'string':
      return `the string ${JSON.stringify(token.value)}`;
    default:
      return `'${token.value}'`;
  }
}

/**
 * A recursive-descent parser over one tag's tokens; precedence from loosest: or, and, comparisons,
 * + -, * /, unary (not - #), then paths and calls. Nesting is capped so no input can exhaust the stack.
 * Throws Error with a message; the caller names the part and line.
 */
export class ExpressionParser {
  private at = 0;
  private depth = 0;
  /** The macro calls met so far, for checks that depend on the part. */
  readonly calls: Extract<Expr, { kind: 'call' }>[] = [];

  private readonly tokens: Token[];

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  peek(offset = 0): Token {
    return this.tokens[this.at + offset] ?? { kind: 'end' };
  }

  next(): Token {
    const token = this.peek();
    this.at++;
    return token;
  }

  isName(value: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === 'name' && token.value === value;
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token.kind === 'op' && token.value === value;
  }

  expectOp(value: string): void {
    if (!this.isOp(value)) throw new Error(`syntax error near ${describe(this.peek())}: expected '${value}'`);
    this.at++;
  }

  expectEnd(): void {
    if (this.peek().kind !== 'end') throw new Error(`syntax error near ${describe(this.peek())}`);
  }

  parse(): Expr {
    this.depth++;
    if (this.depth > templateLimits.maxNestingDepth) {
      throw new Error(
        `expressions are nested more than ${templateLimits.maxNestingDepth} deep; that is the limit`,
      );
    }
    const expr = this.parseOr();
    this.depth--;
    return expr;
  }

  private operators = 0;

  /** Counts operators and path steps: a long chain nests as deeply as brackets would. */
  private chained<T extends Expr>(expr: T): T {
    this.operators++;
    if (this.operators > templateLimits.maxOperatorsPerTag) {
      throw new Error(
        `more than ${templateLimits.maxOperatorsPerTag} operators and path steps in one tag; that is the limit`,
      );
    }
    return expr;
  }

  private binary(op: BinaryOp, left: Expr, right: Expr): Expr {
    return this.chained({ kind: 'binary', op, left, right });
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isName('or')) {
      this.at++;
      left = this.binary('or', left, this.parseAnd());
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseComparison();
    while (this.isName('and')) {
      this.at++;
      left = this.binary('and', left, this.parseComparison());
    }
    return left;
  }

  private parseComparison(): Expr {
    let left = this.parseSum();
    for (let token = this.peek(); token.kind === 'op' && COMPARISONS.has(token.value); token = this.peek()) {
      this.at++;
      left = this.binary(token.value as BinaryOp, left, this.parseSum());
    }
    return left;
  }

  private parseSum(): Expr {
    let left = this.parseProduct();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.next() as { value: BinaryOp }).value;
      left = this.binary(op, left, this.parseProduct());
    }
    return left;
  }

  private parseProduct(): Expr {
    let left = this.parseUnary();
    while (this.isOp('*') || this.isOp('/')) {
      const op = (this.next() as { value: BinaryOp }).value;
      left = this.binary(op, left, this.parseUnary());
    }
    return left;
  }

  private parseUnary(): Expr {
    const op = this.isName('not') ? 'not' : this.isOp('-') ? '-' : this.isOp('#') ? '#' : undefined;
    if (op === undefined) return this.parsePath();
    this.at++;
    this.depth++;
    if (this.depth > templateLimits.maxNestingDepth) {
      throw new Error(
        `expressions are nested more than ${templateLimits.maxNestingDepth} deep; that is the limit`,
      );
    }
    const operand = this.parseUnary();
    this.depth--;
    return { kind: 'unary', op, operand };
  }

  private parsePath(): Expr {
    let expr = this.parsePrimary();
    for (;;) {
      if (this.isOp('.')) {
        this.at++;
        const key = this.next();
        if (key.kind !== 'name')
          throw new Error(`syntax error near ${describe(key)}: expected a key after '.'`);
        expr = this.chained({ kind: 'member', object: expr, key: key.value });
      } else if (this.isOp('[')) {
        this.at++;
        const index = this.parse();
        this.expectOp(']');
        expr = this.chained({ kind: 'index', object: expr, index });
      } else {
        return expr;
      }
    }
  }

  private parsePrimary(): Expr {
    const token = this.next();
    switch (token.kind) {
      case 'number':
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'op':
        if (token.value === '(') {
          const inner = this.parse();
          this.expectOp(')');
          return inner;
        }
        throw new Error(`syntax error near ${describe(token)}`);
      case 'end':
        throw new Error('syntax error: an expression is missing');
      case 'name':
        return this.parseName(token.value);
    }
  }

  private parseName(name: string): Expr {
    if (name === 'true' || name === 'false') return { kind: 'literal', value: name === 'true' };
    if (name === 'nil') return { kind: 'literal', value: null };
    if (this.isOp('(')) {
      if (!isMacro(name)) throw new Error(`unknown macro ${name}()`);
      this.at++;
      const args: Expr[] = [];
      if (!this.isOp(')')) {
        args.push(this.parse());
        while (this.isOp(',')) {
          this.at++;
          args.push(this.parse());
        }
      }
      this.expectOp(')');
      const arity = MACRO_ARITY[name];
      if (args.length !== arity) {
        throw new Error(`${name}() takes ${arity === 0 ? 'no arguments' : 'one argument'}`);
      }
      const call: Expr = { kind: 'call', name, args };
      this.calls.push(call);
      return call;
    }
    if (RESERVED_WORDS.has(name)) throw new Error(`syntax error near '${name}': it is a reserved word`);
    return { kind: 'variable', name };
  }
}
