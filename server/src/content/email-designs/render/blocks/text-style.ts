import type { BlockStyle } from '@app/contract/editor/design';

/** mj-text attributes of a block's text settings. */
export const textAttributes = (
  props: { color: string; fontSize: number; lineHeight: number },
  style: Pick<BlockStyle, 'align'>,
) => ({
  color: props.color,
  'font-size': `${props.fontSize}px`,
  'line-height': String(props.lineHeight),
  align: style.align,
  padding: '0',
});

/** A colour MJML takes; "transparent" means no background at all. */
export const colourOrNone = (colour: string) => (colour === 'transparent' ? undefined : colour);
