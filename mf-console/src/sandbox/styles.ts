import type { CSSProperties } from 'react';

/** The few layouts of the sandbox pages the UI kit's classes do not cover (inline: apps ship no CSS). */
export const styles = {
  /** A field and its button side by side, wrapping on narrow screens. */
  inlineForm: { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' },
  inlineField: { flex: '1 1 260px' },
  inlineButton: { marginTop: 28 },
  form: { display: 'grid', gap: 12 },
  nowrap: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', marginBottom: 12 },
} satisfies Record<string, CSSProperties>;
