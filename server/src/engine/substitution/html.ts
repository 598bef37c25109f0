import { compile } from 'html-to-text';
import juice from 'juice';

const toText = compile({
  wordwrap: 80,
  selectors: [
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    // Images carry no text worth keeping in a plain-text part (tracking pixels, logos, spacers).
    { selector: 'img', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'head', format: 'skip' },
    // Email layouts are mostly tables; one cell per line reads better than a text grid or run-together cells.
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'th', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  ],
});

/** Plain-text alternative for an html body; links become "label [url]". */
export function htmlToPlainText(html: string): string {
  return toText(html);
}

/** Moves <style> rules into style attributes; media queries and other rules that cannot be inlined stay in <style>. */
export function inlineCss(html: string): string {
  return juice(html);
}
