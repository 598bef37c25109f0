import type { Segment } from './lexer.ts';

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * Statements print nothing and take their surroundings with them: the trailing spaces and the line
 * break that end a statement's line go; a statement alone on its line loses its indentation too, so
 * it leaves no blank line. Spaces between a statement and more text on its line stay. An `end` followed by more text on its line joins that text to the line
 * above (the reference's `{{end}}, Maryland`). `statementWord` says which tags are statements.
 */
export function trimAroundStatements(
  segments: Segment[],
  statementWord: (segment: Segment) => string | undefined,
): void {
  segments.forEach((segment, index) => {
    const word = statementWord(segment);
    if (word === undefined) return;
    const after = segments[index + 1];
    let endsLine = after === undefined;
    if (after?.kind === 'text') {
      let cut = 0;
      while (isBlank(after.text[cut])) cut++;
      if (after.text[cut] === '\r' && after.text[cut + 1] === '\n') cut += 2;
      else if (after.text[cut] === '\n') cut += 1;
      else if (cut < after.text.length || index + 2 < segments.length) cut = 0;
      endsLine = cut > 0 || after.text === '';
      after.text = after.text.slice(cut);
    }
    const before = segments[index - 1];
    if (before?.kind !== 'text') return;
    let start = before.text.length;
    while (isBlank(before.text[start - 1])) start--;
    const atLineStart = start === 0 ? index === 1 : before.text[start - 1] === '\n';
    if (endsLine && atLineStart) {
      before.text = before.text.slice(0, start);
    } else if (!endsLine && word === 'end' && before.text[start - 1] === '\n') {
      start--;
      if (before.text[start - 1] === '\r') start--;
      before.text = before.text.slice(0, start);
    }
  });
}
