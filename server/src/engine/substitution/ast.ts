/** The parsed form of a part: the evaluator walks it, snippetIdsIn reads it. */

export type Expr =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'variable'; name: string }
  | { kind: 'member'; object: Expr; key: string }
  | { kind: 'index'; object: Expr; index: Expr }
  | { kind: 'unary'; op: 'not' | '-' | '#'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr }
  | { kind: 'call'; name: MacroName; args: Expr[] };

export type BinaryOp = 'or' | 'and' | '==' | '!=' | '<' | '>' | '<=' | '>=' | '+' | '-' | '*' | '/';

export type MacroName =
  | 'render_dynamic_content'
  | 'render_snippet'
  | 'empty'
  | 'opening_single_curly'
  | 'closing_single_curly'
  | 'opening_double_curly'
  | 'closing_double_curly'
  | 'opening_triple_curly'
  | 'closing_triple_curly';

/** How a `{{ }}` value is written out: escaped for HTML, encoded for a URL, or as it is. */
export type OutputMode = 'html' | 'url' | 'raw';

export type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr; mode: OutputMode; line: number }
  | { kind: 'if'; branches: { test: Expr; body: Node[] }[]; otherwise: Node[] | undefined }
  | { kind: 'each'; list: Expr; arrayName: string | undefined; body: Node[]; line: number };

/** html and amp_html escape `{{ }}`; text only URL-encodes inside links; header parts do neither. */
export type PartKind = 'html' | 'amp_html' | 'text' | 'header';

export interface ParsedPart {
  kind: PartKind;
  nodes: Node[];
  /** Every render_snippet call's argument, in order. */
  snippetCalls: Expr[];
  /** The line of the first render_snippet or render_dynamic_content call, if any. */
  firstNestedCallLine: number | undefined;
}
