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
    // Each search resumes where it left off, so many openings without a closing stay one pass.
    const next = (needle: string, from: number) => {
      const found = lower.indexOf(needle, from);
      return found < 0 ? Number.POSITIVE_INFINITY : found;
    };
    let open = next('<template', 0);
    let close = next('</template', 0);
    while (open !== close) {
      if (close < open) {
        this.inTemplate = false;
        close = next('</template', close + 1);
      } else {
        const tagEnd = lower.indexOf('>', open);
        const attributes = lower.slice(open, tagEnd < 0 ? lower.length : tagEnd);
        if (attributes.includes('amp-mustache')) this.inTemplate = true;
        open = next('<template', tagEnd < 0 ? lower.length : tagEnd);
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
