import type { BlockStyle, DesignGlobal } from '@app/contract/editor/design';
import type { CSSProperties, ReactNode } from 'react';

/** A block's content in the mail's font and colours, aligned as its style says (the frame adds padding and background). */
export function BlockBox({
  global,
  style,
  children,
  extra,
}: {
  global: DesignGlobal;
  style: BlockStyle;
  children: ReactNode;
  extra?: CSSProperties;
}) {
  return (
    <div
      style={{
        textAlign: style.align,
        fontFamily: global.fontFamily,
        color: global.textColor,
        boxSizing: 'border-box',
        overflowWrap: 'anywhere',
        ...extra,
      }}
    >
      {children}
    </div>
  );
}
