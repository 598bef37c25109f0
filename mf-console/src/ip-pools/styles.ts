import type { CSSProperties } from 'react';

/** The few layouts of the IP pool pages the UI kit's classes do not cover (inline: apps ship no CSS). */
export const styles = {
  /** A small form under a table: set apart from it, and no wider than its fields need. */
  form: { marginTop: 20, maxWidth: 520 },
  formTitle: { fontSize: '1rem', margin: '0 0 8px' },
} satisfies Record<string, CSSProperties>;
