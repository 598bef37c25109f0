import type { CSSProperties } from 'react';

/** The few layouts of the template pages the UI kit's classes do not cover (inline: apps ship no CSS). */
export const styles = {
  /** The editor beside its preview, one under the other on narrow screens. */
  columns: { display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' },
  column: { flex: '1 1 420px', minWidth: 0 },
  sticky: { position: 'sticky', top: 12 },
  pair: { display: 'flex', flexWrap: 'wrap', gap: 12 },
  pairItem: { flex: '1 1 200px' },
  code: { marginBottom: 16 },
  codeLabel: { marginBottom: 4, fontWeight: 600 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' },
  choice: { display: 'flex', flexWrap: 'wrap', gap: 8, margin: '0 0 16px', padding: 0, border: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-end', marginBottom: 12 },
  error: { whiteSpace: 'pre-wrap', margin: 0, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
} satisfies Record<string, CSSProperties>;
