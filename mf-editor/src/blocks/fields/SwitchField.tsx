import { fieldStyle } from './field-style.ts';

/** A labelled on/off setting (Shoelace `sl-switch`). */
export function SwitchField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <sl-switch
      style={fieldStyle}
      checked={checked}
      onsl-change={(event: Event) => onChange((event.target as HTMLInputElement).checked)}
    >
      {label}
    </sl-switch>
  );
}
