import { useEffect, useState } from 'react';
import { errorStyle, fieldStyle } from './field-style.ts';

/**
 * A labelled whole number within [min, max]. What the user types stays in the field, but only a
 * number the schema accepts reaches the design (a half-typed "1" of "12" must not become invalid).
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  integer = true,
  suffix,
}: {
  label: string;
  value: number;
  onChange(value: number): void;
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  suffix?: string;
}) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft((current) => (Number(current) === value ? current : String(value))), [value]);
  const error = numberError(draft, { min, max, integer });
  return (
    <sl-input
      style={fieldStyle}
      type="number"
      label={label}
      value={draft}
      min={min}
      max={max}
      step={step}
      data-invalid={error ? 'true' : undefined}
      onsl-input={(event: Event) => {
        const typed = (event.target as HTMLInputElement).value;
        setDraft(typed);
        if (!numberError(typed, { min, max, integer })) onChange(Number(typed));
      }}
    >
      {suffix ? <span slot="suffix">{suffix}</span> : null}
      {error ? (
        <div slot="help-text" style={errorStyle} role="alert">
          {error}
        </div>
      ) : null}
    </sl-input>
  );
}

/** Why `typed` is not an acceptable number, else undefined. */
export function numberError(
  typed: string,
  { min, max, integer }: { min?: number; max?: number; integer?: boolean },
): string | undefined {
  const number = Number(typed);
  if (typed.trim() === '' || !Number.isFinite(number)) return 'Enter a number';
  if (integer && !Number.isInteger(number)) return 'Enter a whole number';
  if (min !== undefined && number < min) return `Use ${min} or more`;
  if (max !== undefined && number > max) return `Use ${max} or less`;
  return undefined;
}
