// Turning a design into mail, in pool threads: MJML takes tens of milliseconds for a typical
// design (and grows with it), sanitizing and the text part too.
import type { EmailDesign } from '@app/contract/editor/design';
import { compile } from 'html-to-text';
import mjml2html from 'mjml';
import { createGeneratorUrls } from '../../generators/generator-urls.ts';
import { designToMjml } from './design-to-mjml.ts';
import type { RenderContext, RenderedDesign } from './render-design.ts';

const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: 'a', options: { linkBrackets: ['[', ']'], hideLinkHrefIfSameAsText: true } },
    // The preheader is MJML's hidden first div: mail clients show it next to the subject already.
    { selector: 'div[style^="display:none"]', format: 'skip' },
    { selector: 'img', format: 'altOnly' },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'block' },
    { selector: 'th', format: 'block' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
  ],
  formatters: {
    altOnly: (elem, _walk, builder) => {
      const alt = (elem.attribs as Record<string, string> | undefined)?.alt;
      if (alt) builder.addInline(alt);
    },
  },
});

export async function renderDesign(task: {
  design: EmailDesign;
  context: RenderContext;
}): Promise<RenderedDesign> {
  const { mjml, findings, assets } = designToMjml(task.design, createGeneratorUrls(task.context));
  // The fonts MJML would link from Google are never used by the design's font stacks.
  const { html, errors } = await mjml2html(mjml, { validationLevel: 'soft', keepComments: true, fonts: {} });
  return {
    mjml,
    html,
    text: toText(html)
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    findings: [
      ...findings,
      ...errors.map((error) => ({ line: error.line, tag: error.tagName, message: error.message })),
    ],
    assets,
  };
}
