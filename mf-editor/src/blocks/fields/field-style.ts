import type { CSSProperties } from 'react';

/** The spacing every field of a settings panel keeps. */
export const fieldStyle: CSSProperties = { display: 'block', marginBlockEnd: '0.75rem' };

/** The error line under a field: dark red on white stays above 4.5:1. */
export const errorStyle: CSSProperties = {
  color: '#b3261e',
  fontSize: '0.8125rem',
  marginBlockStart: '0.25rem',
};
