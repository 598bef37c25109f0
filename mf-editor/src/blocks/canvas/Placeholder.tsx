import type { CSSProperties } from 'react';

/** A neat labelled box standing in for an image the block does not have yet. */
export function Placeholder({
  label,
  height = 160,
  style,
}: {
  label: string;
  height?: number;
  style?: CSSProperties;
}) {
  return (
    <div
      role="img"
      aria-label={label}
      style={{
        display: 'inline-flex',
        verticalAlign: 'top',
        alignItems: 'center',
        justifyContent: 'center',
        minBlockSize: height,
        padding: '0.75rem',
        boxSizing: 'border-box',
        background: 'repeating-linear-gradient(45deg, #eef1f5, #eef1f5 10px, #e4e8ee 10px, #e4e8ee 20px)',
        border: '1px dashed #8a94a3',
        color: '#3d4653',
        fontSize: 14,
        textAlign: 'center',
        ...style,
      }}
    >
      {label}
    </div>
  );
}
