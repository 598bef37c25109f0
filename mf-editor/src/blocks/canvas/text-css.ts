import type { CSSProperties } from 'react';
import type { TextStyle } from '../fields/TextStyleFields.tsx';

/** A block's text colour, size and line height as CSS. */
export const textCss = ({ color, fontSize, lineHeight }: TextStyle): CSSProperties => ({
  color,
  fontSize,
  lineHeight,
});
