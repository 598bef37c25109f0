import { fieldStyle } from './field-style.ts';

/** A labelled single choice (Shoelace `sl-select`); options are keyed by position (their values may hold spaces). */
export function SelectField<V extends string>({
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
  return (
    <sl-select
      style={fieldStyle}
      label={label}
      hoist
      value={`o${options.findIndex((option) => option.value === value)}`}
      onsl-change={(event: Event) => {
        const picked = options[Number((event.target as HTMLSelectElement).value.slice(1))];
        if (picked) onChange(picked.value);
      }}
    >
      {options.map((option, position) => (
        <sl-option key={option.value} value={`o${position}`}>
          {option.label}
        </sl-option>
      ))}
    </sl-select>
  );
}
