// The settings panels' labelled native controls (colours use `<input type="color">`, §house rules).
import { useId } from 'react';

export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  maxLength,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'url';
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="ee-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** A whole number kept within [min, max]; typing outside it is clamped when the field loses focus. */
export function NumberInput({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
}) {
  const id = useId();
  const clamp = (raw: string) => Math.min(max, Math.max(min, Math.round(Number(raw) || min)));
  return (
    <div className="ee-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        value={value}
        onChange={(event) => {
          const number = Number(event.target.value);
          if (event.target.value !== '' && number >= min && number <= max) onChange(Math.round(number));
        }}
        onBlur={(event) => onChange(clamp(event.target.value))}
      />
    </div>
  );
}

export function ColorInput({
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
    <div className="ee-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="color"
        value={value === 'transparent' ? '#ffffff' : value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function SelectInput<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
}) {
  const id = useId();
  return (
    <div className="ee-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckInput({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="ee-check">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
