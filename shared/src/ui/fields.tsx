import { type ReactNode, useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Above this many options the browser's own select is used: each `sl-option` is an element with its
 * own shadow root, and 400 of them (the time zones) held the main thread for 400 ms.
 */
const longListOptions = 100;

/**
 * A labelled single choice (Shoelace `sl-select`; a long list is a native select drawn like the kit's
 * inputs). Shoelace option values cannot hold spaces, so the options are keyed by position and the
 * caller only ever sees its own values.
 */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  hint,
  disabled,
  placeholder,
  name,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
  placeholder?: string;
  name?: string;
}) {
  const id = useId();
  const index = options.findIndex((option) => option.value === value);
  if (options.length > longListOptions) {
    const describedBy = error || hint ? `${id}-help` : undefined;
    return (
      <div className="app-field app-native-field" data-invalid={error ? 'true' : undefined}>
        <label htmlFor={id}>{label}</label>
        <select
          id={id}
          name={name}
          value={index >= 0 ? value : ''}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {index < 0 ? <option value="">{placeholder ?? 'Choose ...'}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error ? (
          <div id={describedBy} className="app-field-error" role="alert">
            {error}
          </div>
        ) : hint ? (
          <div id={describedBy} className="app-field-hint">
            {hint}
          </div>
        ) : null}
      </div>
    );
  }
  return (
    <sl-select
      className="app-field"
      label={label}
      name={name}
      value={index >= 0 ? `o${index}` : ''}
      placeholder={placeholder ?? 'Choose ...'}
      help-text={error ? undefined : hint}
      data-invalid={error ? 'true' : undefined}
      disabled={disabled}
      hoist
      onsl-change={(event: Event) => {
        const chosen = (event.target as HTMLSelectElement).value;
        const option = options[Number(chosen.slice(1))];
        if (option) onChange(option.value);
      }}
    >
      {options.map((option, position) => (
        <sl-option key={option.value} value={`o${position}`}>
          {option.label}
        </sl-option>
      ))}
      {error ? (
        <div slot="help-text" className="app-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </sl-select>
  );
}

interface ToggleProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}

/** An on/off choice as Shoelace draws it: `sl-checkbox` for a pick among others, `sl-switch` for a setting. */
function Toggle({
  tag: Tag,
  label,
  checked,
  onChange,
  disabled,
  hint,
}: ToggleProps & { tag: 'sl-checkbox' | 'sl-switch' }) {
  return (
    <Tag
      className="app-check"
      checked={checked}
      disabled={disabled}
      help-text={hint}
      onsl-change={(event: Event) => onChange((event.target as HTMLInputElement).checked)}
    >
      {label}
    </Tag>
  );
}

export const CheckboxField = (props: ToggleProps) => <Toggle tag="sl-checkbox" {...props} />;

export const SwitchField = (props: ToggleProps) => <Toggle tag="sl-switch" {...props} />;

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  hint,
  rows = 4,
  name,
  disabled,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  name?: string;
  disabled?: boolean;
  placeholder?: string;
}) {
  return (
    <sl-textarea
      className="app-field"
      label={label}
      name={name}
      value={value}
      rows={rows}
      disabled={disabled}
      placeholder={placeholder}
      resize="auto"
      help-text={error ? undefined : hint}
      data-invalid={error ? 'true' : undefined}
      onInput={(event: { target: EventTarget }) => onChange((event.target as HTMLTextAreaElement).value)}
    >
      {error ? (
        <div slot="help-text" className="app-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </sl-textarea>
  );
}
