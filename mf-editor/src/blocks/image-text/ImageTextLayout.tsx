import type { DesignGlobal } from '@app/contract/editor/design';
import type { ReactNode } from 'react';
import { CanvasImage } from '../canvas/CanvasImage.tsx';
import { textCss } from '../canvas/text-css.ts';
import type { TextStyle } from '../fields/TextStyleFields.tsx';
import { RichText } from '../rich-text/RichText.tsx';

export interface ImageTextProps extends TextStyle {
  image: string;
  alt: string;
  html: string;
  imagePosition: 'left' | 'right';
}

/** An image beside rich text (Image Text, Image Text Button); `after` goes under the text. */
export function ImageTextLayout<P extends ImageTextProps>({
  props,
  global,
  selected,
  label,
  onChange,
  after,
}: {
  props: P;
  global: DesignGlobal;
  selected: boolean;
  label: string;
  onChange(props: P): void;
  after?: ReactNode;
}) {
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: props.imagePosition === 'right' ? 'row-reverse' : 'row',
        gap: 20,
        alignItems: 'center',
        fontFamily: global.fontFamily,
        textAlign: 'left',
      }}
    >
      <div style={{ flex: '0 0 40%' }}>
        <CanvasImage src={props.image} alt={props.alt} placeholder="Image" height={160} />
      </div>
      <div style={{ flex: '1 1 0', minInlineSize: 0, ...textCss(props) }}>
        <RichText
          html={props.html}
          editable={selected}
          label={label}
          linkColor={global.linkColor}
          onChange={(html) => onChange({ ...props, html })}
        />
        {after}
      </div>
    </div>
  );
}
