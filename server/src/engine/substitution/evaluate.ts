import type { Expr, Node, ParsedPart, PartKind } from './ast.ts';
import type { SubstitutionData } from './data.ts';
import { GenerationError } from './errors.ts';
import { encodeUrlValue, escapeHtml } from './escape.ts';
import { templateLimits } from './limits.ts';
import type { SnippetContents } from './substitution-types.ts';
import { arithmetic, compare, equals, isEmpty, isTruthy, lengthOf, lookup, toText } from './values.ts';

/** What the loops of one transmission (or preview) may still run, shared by its renders. */
export interface RenderBudget {
  /**
   * Loop steps left: an {{each}} iteration, or a tag or text evaluated inside a loop, dynamic
   * content or a snippet. Counting the body, not just the iterations, bounds a small loop over a large body.
   */
  loopStepsLeft: number;
  /** Nodes and loop iterations evaluated so far: the measure of rendering work. */
  steps?: number;
}

/** Content a macro brings in: dynamic content from the data, or a stored snippet. */
export type NestedOrigin = 'dynamic content' | 'snippet';

export interface Evaluation {
  data: SubstitutionData;
  budget: RenderBudget;
  snippets: SnippetContents;
  /** Parses content brought in by a macro (kept per compiled content); throws GenerationError. */
  parseNested(kind: PartKind, source: string, origin: NestedOrigin, name: string): ParsedPart;
}

interface Loop {
  item: unknown;
  index: number;
  arrayName: string | undefined;
}

/** Rendered parts are capped at 20 MB; counting UTF-16 units stops a runaway loop early. */
const MAX_OUTPUT_UNITS = 20 * 1024 * 1024;

const BRACES: Record<string, string> = {
  opening_single_curly: '{',
  closing_single_curly: '}',
  opening_double_curly: '{{',
  closing_double_curly: '}}',
  opening_triple_curly: '{{{',
  closing_triple_curly: '}}}',
};

const SNIPPET_PART: Record<PartKind, 'html' | 'amp_html' | 'text' | undefined> = {
  html: 'html',
  amp_html: 'amp_html',
  text: 'text',
  header: undefined,
};

/** Renders one part for one recipient: time in proportion to the part and the loops it runs. */
export function renderPart(part: ParsedPart, evaluation: Evaluation): string {
  return new Renderer(evaluation, part.kind, undefined).run(part.nodes);
}

class Renderer {
  private readonly out: string[] = [];
  private units = 0;
  private readonly loops: Loop[] = [];
  private readonly evaluation: Evaluation;
  private readonly kind: PartKind;
  private readonly within: NestedOrigin | undefined;

  constructor(evaluation: Evaluation, kind: PartKind, within: NestedOrigin | undefined) {
    this.evaluation = evaluation;
    this.kind = kind;
    this.within = within;
  }

  run(nodes: Node[]): string {
    this.nodes(nodes);
    return this.out.join('');
  }

  private write(text: string): void {
    this.units += text.length;
    if (this.units > MAX_OUTPUT_UNITS) {
      throw new GenerationError('generation_failure', 'rendered content is over the 20 MB limit');
    }
    this.out.push(text);
  }

  private step(): void {
    const { budget } = this.evaluation;
    budget.steps = (budget.steps ?? 0) + 1;
    if (this.loops.length === 0 && this.within === undefined) return;
    budget.loopStepsLeft -= 1;
    if (budget.loopStepsLeft < 0) {
      throw new GenerationError(
        'generation_failure',
        `template loops and dynamic content took more than ${templateLimits.renderLoopSteps.toLocaleString('en-US')} steps, the limit per transmission`,
      );
    }
  }

  private nodes(nodes: Node[]): void {
    for (const node of nodes) {
      this.step();
      switch (node.kind) {
        case 'text':
          this.write(node.text);
          break;
        case 'output':
          this.output(node);
          break;
        case 'if': {
          const branch = node.branches.find((candidate) => isTruthy(this.value(candidate.test)));
          const body = branch ? branch.body : node.otherwise;
          if (body) this.nodes(body);
          break;
        }
        case 'each':
          this.each(node);
          break;
      }
    }
  }

  private each(node: Extract<Node, { kind: 'each' }>): void {
    const list = this.value(node.list);
    if (!Array.isArray(list)) return;
    const loop: Loop = { item: undefined, index: 0, arrayName: node.arrayName };
    this.loops.push(loop);
    for (let index = 0; index < list.length; index++) {
      this.step();
      loop.item = list[index];
      loop.index = index;
      this.nodes(node.body);
    }
    this.loops.pop();
  }

  private output(node: Extract<Node, { kind: 'output' }>): void {
    const { expr } = node;
    if (expr.kind === 'call' && (expr.name === 'render_dynamic_content' || expr.name === 'render_snippet')) {
      this.write(this.nested(expr));
      return;
    }
    const text = toText(this.value(expr));
    if (expr.kind === 'call' || node.mode === 'raw') this.write(text);
    else this.write(node.mode === 'url' ? encodeUrlValue(text) : escapeHtml(text));
  }

  /** Dynamic content and snippets: rendered with the recipient's data, not escaped as a whole. */
  private nested(call: Extract<Expr, { kind: 'call' }>): string {
    const origin: NestedOrigin = call.name === 'render_snippet' ? 'snippet' : 'dynamic content';
    if (this.within !== undefined) {
      throw new GenerationError('generation_failure', `${call.name}() cannot be used inside ${this.within}`);
    }
    const argument = this.value(call.args[0] as Expr);
    let source: string | undefined;
    let name: string;
    if (origin === 'snippet') {
      name = toText(argument);
      const snippet = Object.hasOwn(this.evaluation.snippets, name)
        ? this.evaluation.snippets[name]
        : undefined;
      if (!snippet) throw new GenerationError('generation_failure', `snippet '${name}' does not exist`);
      const part = SNIPPET_PART[this.kind];
      source = part === undefined ? undefined : snippet[part];
    } else {
      name = 'render_dynamic_content()';
      source = typeof argument === 'string' ? argument : undefined;
    }
    if (source === undefined || source === '') return '';
    const parsed = this.evaluation.parseNested(this.kind, source, origin, name);
    const renderer = new Renderer(this.evaluation, this.kind, origin);
    renderer.loops.push(...this.loops);
    return renderer.run(parsed.nodes);
  }

  private variable(name: string): unknown {
    const loop = this.loops[this.loops.length - 1];
    if (loop) {
      if (name === 'loop_var') return loop.item;
      if (name === 'loop_index') return loop.index;
    }
    if (name === 'loop_vars' && this.loops.length > 0) {
      // No prototype: an array named __proto__ is a plain key like any other.
      const vars: Record<string, unknown> = Object.create(null);
      for (const open of this.loops) if (open.arrayName !== undefined) vars[open.arrayName] = open.item;
      return vars;
    }
    return lookup(this.evaluation.data, name);
  }

  private value(expr: Expr): unknown {
    switch (expr.kind) {
      case 'literal':
        return expr.value;
      case 'variable':
        return this.variable(expr.name);
      case 'member':
        return lookup(this.value(expr.object), expr.key);
      case 'index':
        return lookup(this.value(expr.object), this.value(expr.index));
      case 'unary': {
        const operand = this.value(expr.operand);
        if (expr.op === 'not') return !isTruthy(operand);
        if (expr.op === '#') return lengthOf(operand);
        return arithmetic('-', 0, operand);
      }
      case 'binary':
        return this.binary(expr);
      case 'call': {
        const brace = BRACES[expr.name];
        if (brace !== undefined) return brace;
        if (expr.name === 'empty') return isEmpty(this.value(expr.args[0] as Expr));
        return this.nested(expr);
      }
    }
  }

  private binary(expr: Extract<Expr, { kind: 'binary' }>): unknown {
    const left = this.value(expr.left);
    switch (expr.op) {
      case 'or':
        return isTruthy(left) ? left : this.value(expr.right);
      case 'and':
        return isTruthy(left) ? this.value(expr.right) : left;
      case '==':
        return equals(left, this.value(expr.right));
      case '!=':
        return !equals(left, this.value(expr.right));
      case '<':
      case '>':
      case '<=':
      case '>=':
        return compare(expr.op, left, this.value(expr.right));
      default:
        return arithmetic(expr.op, left, this.value(expr.right));
    }
  }
}
