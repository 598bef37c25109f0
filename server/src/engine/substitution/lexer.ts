import { CompileError } from './errors.ts';

/** A stretch of a part: literal text, or one `{{ }}` / `{{{ }}}` tag with its inside. */
export type Segment =
  | { kind: 'text'; text: string; line: number }
  | { kind: 'tag'; inside: string; triple: boolean; source: string; line: number };

/** Splits a part into text and tags in one pass; an unclosed tag is a CompileError. */
export function splitTags(part: string, source: string): Segment[] {
  const segments: Segment[] = [];
  let line = 1;
  let at = 0;
  // The next line break not yet counted: each is found once, so counting lines stays one pass.
  let nextBreak = source.indexOf('\n');
  const advanceLines = (to: number) => {
    while (nextBreak >= 0 && nextBreak < to) {
      line++;
      nextBreak = source.indexOf('\n', nextBreak + 1);
    }
  };
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open < 0) break;
    if (open > at) segments.push({ kind: 'text', text: source.slice(at, open), line });
    advanceLines(open);
    const triple = source[open + 2] === '{';
    const closer = triple ? '}}}' : '}}';
    const start = open + closer.length;
    const close = source.indexOf(closer, start);
    if (close < 0) {
      throw new CompileError(part, line, `${triple ? '{{{' : '{{'} is not closed with ${closer}`);
    }
    const inside = source.slice(start, close);
    const nested = inside.indexOf('{{');
    if (nested >= 0) {
      advanceLines(start + nested);
      throw new CompileError(
        part,
        line,
        `${triple ? '{{{' : '{{'} is not closed with ${closer} before the next {{`,
      );
    }
    const end = close + closer.length;
    segments.push({ kind: 'tag', inside, triple, source: source.slice(open, end), line });
    advanceLines(end);
    at = end;
  }
  if (at < source.length) segments.push({ kind: 'text', text: source.slice(at), line });
  return segments;
}

export type Token =
  | { kind: 'name'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | { kind: 'op'; value: string }
  | { kind: 'end' };

const OPERATORS = ['==', '!=', '<=', '>=', '<', '>', '+', '-', '*', '/', '#', '(', ')', '[', ']', '.', ','];
const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };

/** The tokens inside one tag; whitespace between them is ignored. Throws a message for the caller to place. */
export function tokenize(inside: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < inside.length) {
    const char = inside[at] ?? '';
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      at++;
    } else if (NAME_START.test(char)) {
      const start = at;
      while (at < inside.length && NAME_PART.test(inside[at] ?? '')) at++;
      tokens.push({ kind: 'name', value: inside.slice(start, at) });
    } else if (DIGIT.test(char)) {
      const start = at;
      while (at < inside.length && DIGIT.test(inside[at] ?? '')) at++;
      if (inside[at] === '.' && DIGIT.test(inside[at + 1] ?? '')) {
        at++;
        while (at < inside.length && DIGIT.test(inside[at] ?? '')) at++;
      }
      tokens.push({ kind: 'number', value: Number(inside.slice(start, at)) });
    } else if (char === '"' || char === "'") {
      let value = '';
      at++;
      while (at < inside.length && inside[at] !== char) {
        if (inside[at] === '\\' && at + 1 < inside.length) {
          const next = inside[at + 1] ?? '';
          value += ESCAPES[next] ?? next;
          at += 2;
        } else {
          value += inside[at];
          at++;
        }
      }
      if (at >= inside.length) throw new Error(`a string starting with ${char} is not closed`);
      at++;
      tokens.push({ kind: 'string', value });
    } else {
      const op = OPERATORS.find((candidate) => inside.startsWith(candidate, at));
      if (!op) throw new Error(`unexpected character ${JSON.stringify(char)}`);
      tokens.push({ kind: 'op', value: op });
      at += op.length;
    }
  }
  tokens.push({ kind: 'end' });
  return tokens;
}
