import type { BlockStyle, DesignBlock, EmailDesign } from '@app/contract/editor/design';
import type { BlockAssets } from '@app/contract/editor/embed-api';
import type { GeneratorUrls } from '../../generators/generator-urls.ts';
import { type BlockContext, type BlockRows, hiddenOnMobile } from './block-context.ts';
import { converters } from './blocks/converters.ts';
import { colourOrNone } from './blocks/text-style.ts';
import { attr, element, text } from './markup.ts';
import { popupRow, popupStyles } from './popup-row.ts';
import type { RenderedDesign } from './render-design.ts';

/** §3's view-in-browser line: the reader's own copy, not click-tracked (opening it is no click on the mail). */
const viewInBrowserSection = element(
  'mj-section',
  { padding: '8px 20px' },
  element(
    'mj-column',
    {},
    element(
      'mj-text',
      { align: 'center', 'font-size': '12px', padding: '0' },
      '<a href="{{view_in_browser_url}}" data-msys-clicktrack="0">View in browser</a>',
    ),
  ),
);

export interface DesignMjml {
  mjml: string;
  /** Problems of the design itself (a barcode value its format cannot take…), as findings. */
  findings: RenderedDesign['findings'];
  assets: Record<string, BlockAssets>;
}

function head(design: EmailDesign): string {
  const { global, message } = design;
  const styles = [
    `a { color: ${global.linkColor}; }`,
    `@media only screen and (max-width: 479px) { .${hiddenOnMobile} { display: none !important; max-height: 0 !important; overflow: hidden !important; mso-hide: all !important; } }`,
    ...(design.blocks.some((block) => block.type === 'row' && block.props.popup)
      ? [popupStyles(global.width)]
      : []),
  ];
  return element(
    'mj-head',
    {},
    [
      // MJML repeats the title in the body's aria-label attribute as it is: quotes must be escaped too.
      element('mj-title', {}, attr(message.subject)),
      global.preheader ? element('mj-preview', {}, text(global.preheader)) : '',
      element(
        'mj-attributes',
        {},
        element('mj-all', { 'font-family': global.fontFamily }) +
          element('mj-text', { color: global.textColor, 'font-size': '14px', 'line-height': '1.5' }),
      ),
      element('mj-style', {}, styles.join('\n')),
      element(
        'mj-raw',
        {},
        '<meta name="color-scheme" content="light dark" /><meta name="supported-color-schemes" content="light dark" />',
      ),
    ].join(''),
  );
}

/** The block's section (or wrapper of sections): its padding, background and hiding on phones. */
function section(rows: BlockRows, style: BlockStyle, contentBackground: string): string {
  const common = {
    'background-color': colourOrNone(style.background) ?? colourOrNone(contentBackground),
    'text-align': style.align,
    'css-class': style.hideOnMobile ? hiddenOnMobile : undefined,
  };
  const padding = `${style.paddingY}px ${style.paddingX}px`;
  const rowSection = (row: BlockRows[number], attributes: Record<string, string | undefined>) =>
    typeof row === 'string'
      ? element('mj-section', attributes, row)
      : 'content' in row
        ? element('mj-section', attributes, element('mj-column', {}, row.content))
        : element('mj-section', { ...attributes, direction: row.direction }, row.columns);
  const [only] = rows;
  if (rows.length === 1 && only !== undefined) return rowSection(only, { ...common, padding });
  return element(
    'mj-wrapper',
    { ...common, padding },
    rows.map((row) => rowSection(row, { padding: '0' })).join(''),
  );
}

/** The design as an MJML document, with what the user must fix and the engine-made assets by block. */
export function designToMjml(design: EmailDesign, urls: GeneratorUrls): DesignMjml {
  const findings: DesignMjml['findings'] = [];
  const assets: DesignMjml['assets'] = {};
  const contextOf = (block: DesignBlock, innerWidth: number): BlockContext => ({
    global: design.global,
    urls,
    innerWidth,
    problem: (tag, message) => findings.push({ line: 0, tag, message: `Block ${block.id}: ${message}` }),
    assets: (found) => {
      assets[block.id] = { ...assets[block.id], ...found };
    },
    inner: contextOf,
  });
  const sections = design.blocks.map((block: DesignBlock) => {
    const context = contextOf(block, Math.max(10, design.global.width - 2 * block.style.paddingX));
    const convert = converters[block.type] as (block: DesignBlock, context: BlockContext) => BlockRows;
    const made = section(convert(block, context), block.style, design.global.contentBackground);
    return block.type === 'row' && block.props.popup ? popupRow(made, block.id, block.props.popup) : made;
  });
  const body = element(
    'mj-body',
    { width: `${design.global.width}px`, 'background-color': colourOrNone(design.global.background) },
    (design.global.viewInBrowserLink ? viewInBrowserSection : '') + sections.join('\n'),
  );
  return { mjml: `<mjml>${head(design)}${body}</mjml>`, findings, assets };
}
