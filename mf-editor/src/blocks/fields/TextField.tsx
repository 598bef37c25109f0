import { errorStyle, fieldStyle } from './field-style.ts';

/** A labelled text (Shoelace `sl-input`, or `sl-textarea` when `multiline`); the error shows under it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  multiline,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  placeholder?: string;
  multiline?: boolean;
  type?: 'text' | 'email' | 'datetime-local';
}) {
  const Tag = multiline ? 'sl-textarea' : 'sl-input';
  return (
    <Tag
      style={fieldStyle}
      label={label}
      value={value}
      type={multiline ? undefined : type}
      rows={multiline ? 3 : undefined}
      placeholder={placeholder}
      help-text={error ? undefined : hint}
      data-invalid={error ? 'true' : undefined}
      onsl-input={(event: Event) => onChange((event.target as HTMLInputElement).value)}
    >
      {error ? (
        <div slot="help-text" style={errorStyle} role="alert">
          {error}
        </div>
      ) : null}
    </Tag>
  );
}
