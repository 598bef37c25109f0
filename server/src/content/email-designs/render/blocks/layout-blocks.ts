import type { SocialNetwork } from '../../../generators/payloads.ts';
import { type BlockConverter, column } from '../block-context.ts';
import { element, safeHref, text } from '../markup.ts';
import { textAttributes } from './text-style.ts';

export const separatorBlock: BlockConverter<'separator'> = ({ props, style }) => [
  column(
    element('mj-divider', {
      'border-color': props.color,
      'border-width': `${props.thickness}px`,
      'border-style': props.lineStyle,
      width: `${props.width}%`,
      align: style.align,
      padding: '0',
    }),
  ),
];

const networkNames: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
  pinterest: 'Pinterest',
};

/** The networks' icons, drawn by the engine (no third-party CDN), each linking to the profile. */
export const socialBlock: BlockConverter<'social'> = ({ props, style }, context) => [
  column(
    element(
      'mj-social',
      { mode: 'horizontal', align: style.align, 'icon-size': `${props.iconSize}px`, padding: '0' },
      props.links
        .map((link) =>
          element(
            'mj-social-element',
            {
              src: context.urls.social(link.network),
              href: safeHref(link.href),
              alt: networkNames[link.network],
              'background-color': 'transparent',
              padding: '4px',
            },
            '',
          ),
        )
        .join(''),
    ),
  ),
];

/** The rows as a table; the first is the header row when asked. */
export const tableBlock: BlockConverter<'table'> = ({ props, style }) => {
  const border = props.borderColor === 'transparent' ? 'none' : `1px solid ${props.borderColor}`;
  const rows = props.rows
    .map((cells, index) => {
      const header = props.headerRow && index === 0;
      const cellStyle = `border:${border};padding:6px 8px;text-align:${style.align};${
        header && props.headerBackground !== 'transparent' ? `background:${props.headerBackground};` : ''
      }`;
      return `<tr>${cells.map((cell) => element(header ? 'th' : 'td', { style: cellStyle }, text(cell))).join('')}</tr>`;
    })
    .join('');
  return [
    column(
      element(
        'mj-table',
        {
          ...textAttributes(props, style),
          'font-size': `${props.fontSize}px`,
          border: 'none',
          width: '100%',
          cellpadding: '0',
        },
        rows,
      ),
    ),
  ];
};

/** The logo on the left and the links on the right; stacked on phones. */
export const headerBlock: BlockConverter<'header'> = ({ props, style }, context) => {
  const links = props.links
    .map((link) => {
      const href = safeHref(link.href);
      return href
        ? element('a', { href, style: `color:${props.color};text-decoration:none` }, text(link.label))
        : text(link.label);
    })
    .join(' &nbsp;|&nbsp; ');
  const logo = props.logo
    ? element('mj-image', {
        src: props.logo,
        alt: props.logoAlt,
        href: safeHref(props.logoHref),
        width: `${Math.min(props.logoWidth, Math.round(context.innerWidth / 2))}px`,
        align: 'left',
        padding: '0',
      })
    : '';
  return [
    element('mj-column', { width: '50%', 'vertical-align': 'middle' }, logo) +
      element(
        'mj-column',
        { width: '50%', 'vertical-align': 'middle' },
        element('mj-text', { ...textAttributes(props, style), align: 'right' }, links),
      ),
  ];
};
