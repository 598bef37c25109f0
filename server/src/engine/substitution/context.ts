/**
 * What surrounds the tags of a part, read from its text in order: whether a tag sits inside a link
 * (its value is URL-encoded), and, in amp_html, inside an amp-mustache template (its tags belong
 * to the email client).
 */

const URL_END = /[\s"'<>]/;

/** Follows the text of a part: a link starts at http:// or https:// and runs to a space, quote or angle bracket. */
export class LinkTracker {
  inLink = false;

  read(text: string): void {
    const lower = text.toLowerCase();
    const start = Math.max(lower.lastIndexOf('http://'), lower.lastIndexOf('https://'));
    if (start < 0 && !this.inLink) return;
    this.inLink = !URL_END.test(start < 0 ? text : text.slice(start));
  }

  /** A statement between two pieces of a link ends it: links in blocks stand on their own. */
  end(): void {
    this.inLink = false;
  }
}

/** Follows `<template type="amp-mustache">` … `</template>` through the text of an amp_html part. */
export class AmpMustacheTracker {
  inTemplate = false;

  read(text: string): void {
    const lower = text.toLowerCase();
    let at = 0;
    for (;;) {
      const open = lower.indexOf('<template', at);
      const close = lower.indexOf('</template', at);
      if (open < 0 && close < 0) return;
      if (close >= 0 && (open < 0 || close < open)) {
        this.inTemplate = false;
        at = close + 10;
      } else {
        const tagEnd = lower.indexOf('>', open);
        const attributes = lower.slice(open, tagEnd < 0 ? lower.length : tagEnd);
        if (attributes.includes('amp-mustache')) this.inTemplate = true;
        at = open + 9;
      }
    }
  }
}

const BRACE_MACRO = /^\s*(opening|closing)_(single|double|triple)_curly\s*\(\s*\)\s*$/;
const STATEMENT_KEPT = /^\s*(else|end)\s*$/;

/**
 * Inside an amp-mustache template our tags stay as written, except those the reference keeps for
 * us: ones naming "sparkpost" or loop_var, the brace macros, and else/end.
 */
export function belongsToAmpMustache(inside: string): boolean {
  const lower = inside.toLowerCase();
  return !(
    lower.includes('sparkpost') ||
    lower.includes('loop_var') ||
    BRACE_MACRO.test(inside) ||
    STATEMENT_KEPT.test(inside)
  );
}
