import type { CSSProperties } from 'react';

const rowColumns =
  'minmax(110px, 0.7fr) minmax(160px, 1.3fr) minmax(160px, 1.5fr) minmax(120px, 1.2fr) 150px';

/** The Activity pages' layouts the UI kit's classes do not cover (inline: apps ship no CSS). */
export const styles = {
  filters: { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginTop: 12 },
  summary: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: 12,
    alignItems: 'center',
    justifyContent: 'space-between',
    marginBottom: 8,
  },
  viewport: {
    height: 'min(70vh, 720px)',
    overflow: 'auto',
    contain: 'strict',
    border: '1px solid var(--app-border)',
    borderRadius: 8,
  },
  header: {
    display: 'grid',
    gridTemplateColumns: rowColumns,
    gap: 12,
    padding: '8px 12px',
    fontWeight: 600,
    fontSize: '0.85rem',
    borderBottom: '1px solid var(--app-border)',
  },
  rowBox: { position: 'absolute', top: 0, left: 0, width: '100%' },
  row: {
    height: '100%',
    display: 'grid',
    gridTemplateColumns: rowColumns,
    gap: 12,
    alignItems: 'center',
    padding: '0 12px',
    boxSizing: 'border-box',
    color: 'inherit',
    textDecoration: 'none',
    borderBottom: '1px solid var(--app-border)',
    fontSize: '0.9rem',
  },
  cell: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  timeline: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 },
  timelineItem: {
    display: 'grid',
    gridTemplateColumns: '150px 1fr',
    gap: 12,
    paddingBottom: 12,
    borderBottom: '1px solid var(--app-border)',
  },
  facts: {
    margin: '4px 0 0',
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: '2px 12px',
    fontSize: '0.85rem',
  },
} satisfies Record<string, CSSProperties>;

/** Event type colours: text in the theme's dark shades (readable on white). */
const tones: Record<string, string> = {
  delivery: 'success',
  open: 'success',
  initial_open: 'success',
  click: 'success',
  amp_open: 'success',
  amp_initial_open: 'success',
  amp_click: 'success',
  injection: 'neutral',
  delay: 'warning',
};

export const eventTone = (type: string): string =>
  tones[type] ??
  (/bounce|rejection|failure|complaint|out_of_band|unsubscribe/.test(type) ? 'danger' : 'neutral');

export const eventTypeStyle = (type: string): CSSProperties => ({
  ...styles.cell,
  fontWeight: 600,
  color: `var(--sl-color-${eventTone(type)}-700)`,
});
