import { useId } from 'react';
import { fieldStyle } from './field-style.ts';

/** A labelled native colour input (the kit has no colour picker); "transparent" shows as white. */
export function ColorField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div style={{ ...fieldStyle, display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
      <input
        id={id}
        type="color"
        value={value === 'transparent' ? '#ffffff' : value}
        onChange={(event) => onChange(event.target.value)}
        style={{ inlineSize: '2.5rem', blockSize: '2rem', padding: 0, border: '1px solid #8c8c8c' }}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
