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
  return untitled.includes('</head>') ? untitled.replace('</head>', `${head}</head>`) : `${head}${untitled}`;
}
