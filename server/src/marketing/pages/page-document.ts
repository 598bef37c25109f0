import type { PageSetting } from '@app/contract/marketing/pages';
import { escapeHtml } from '../../html-escape.ts';

/** Where the sites serve `<signup-form>`'s module, on their own origin. */
export const signupFormScript = '/embed/signup-form.js';

/**
 * The hosted document of a page: the design's responsive HTML (MJML's, a whole document) with the
 * page's title, description, robots rule and, when it shows forms, the `<signup-form>` module.
 */
export function pageDocument(
  html: string,
  page: { name: string; setting: PageSetting; hasForms: boolean },
): string {
  const title = page.setting.title || page.name;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    page.setting.description
      ? `<meta name="description" content="${escapeHtml(page.setting.description)}"><meta property="og:description" content="${escapeHtml(page.setting.description)}">`
      : '',
    page.setting.noIndex ? '<meta name="robots" content="noindex">' : '',
    page.hasForms ? `<script type="module" src="${signupFormScript}"></script>` : '',
  ].join('');
  const untitled = html.replace(/<title>[^<]*<\/title>/, '');
  const headed = untitled.includes('</head>')
    ? untitled.replace('</head>', `${head}</head>`)
    : `${head}${untitled}`;
  return asMain(headed, title);
}

const hiddenHeading =
  'position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);border:0';

/**
 * The body's content as the document's one `main` landmark, so assistive technology finds the page's
 * content; a design without its own `h1` gets the title as one, seen only by screen readers.
 */
function asMain(html: string, title: string): string {
  const open = /<body[^>]*>/.exec(html);
  const close = html.lastIndexOf('</body>');
  if (!open || close < 0) return html;
  const start = open.index + open[0].length;
  const content = html.slice(start, close);
  const heading = /<h1[\s>]/i.test(content) ? '' : `<h1 style="${hiddenHeading}">${escapeHtml(title)}</h1>`;
  return `${html.slice(0, start)}<main>${heading}${content}</main>${html.slice(close)}`;
}
