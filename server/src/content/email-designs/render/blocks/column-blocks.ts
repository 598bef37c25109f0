import type { BlockContext, BlockConverter } from '../block-context.ts';
import { element, safeHref, text } from '../markup.ts';
import { sanitizeRichText } from '../sanitize-html.ts';
import { button } from './button-blocks.ts';
import { textAttributes } from './text-style.ts';

type ImageTextProps = Parameters<BlockConverter<'imageText'>>[0]['props'];

/**
 * Image and text side by side in two columns, stacking on phones image first: for an image on the
 * right the section runs right to left (columns keep their own direction).
 */
function imageTextRow(
  props: ImageTextProps,
  align: 'left' | 'center' | 'right',
  context: BlockContext,
  after = '',
): string {
  const image = element(
    'mj-column',
    { width: '50%', padding: '0 8px', direction: 'ltr' },
    props.image
      ? element('mj-image', {
          src: props.image,
          alt: props.alt,
          width: `${Math.round(context.innerWidth / 2 - 16)}px`,
          padding: '0 0 12px',
        })
      : '',
  );
  const words = element(
    'mj-column',
    { width: '50%', padding: '0 8px', 'vertical-align': 'middle', direction: 'ltr' },
    element('mj-text', textAttributes(props, { align }), sanitizeRichText(props.html)) + after,
  );
  return image + words;
}

const placed = (position: 'left' | 'right', columns: string) =>
  position === 'right' ? { columns, direction: 'rtl' as const } : columns;

export const imageTextBlock: BlockConverter<'imageText'> = ({ props, style }, context) => [
  placed(props.imagePosition, imageTextRow(props, style.align, context)),
];

export const imageTextButtonBlock: BlockConverter<'imageTextButton'> = ({ props, style }, context) => {
  const action = props.buttonLabel
    ? button(
        props.buttonLabel,
        props.buttonHref,
        { color: props.buttonColor, textColor: props.buttonTextColor, radius: 4, fullWidth: false },
        style.align,
        '16px 0 0',
      )
    : '';
  return [placed(props.imagePosition, imageTextRow(props, style.align, context, action))];
};

/** Items in rows of `columns`, each an image, title, price and a button; rows stack on phones. */
export const catalogBlock: BlockConverter<'catalog'> = ({ props, style }, context) => {
  const width = `${Math.floor(10_000 / props.columns) / 100}%`;
  const imageWidth = `${Math.round(context.innerWidth / props.columns - 16)}px`;
  const rows: string[] = [];
  for (let start = 0; start < props.items.length; start += props.columns) {
    const items = props.items.slice(start, start + props.columns);
    rows.push(
      items
        .map((item) => {
          const href = safeHref(item.href);
          const parts = [
            item.image
              ? element('mj-image', {
                  src: item.image,
                  alt: item.title,
                  href,
                  width: imageWidth,
                  padding: '0 0 8px',
                })
              : '',
            element(
              'mj-text',
              { ...textAttributes(props, style), padding: '0 0 4px', 'font-weight': 'bold' },
              text(item.title),
            ),
            item.price
              ? element('mj-text', { ...textAttributes(props, style), padding: '0 0 8px' }, text(item.price))
              : '',
            props.buttonLabel && href
              ? button(
                  props.buttonLabel,
                  href,
                  { color: props.color, textColor: '#ffffff', radius: 4, fullWidth: false },
                  style.align,
                )
              : '',
          ];
          return element('mj-column', { width, padding: '8px' }, parts.join(''));
        })
        .join(''),
    );
  }
  return rows;
};
