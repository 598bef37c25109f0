import { type ReactNode, useId } from 'react';
import { Button } from './components.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled single choice: the browser's own select, drawn like the kit's inputs. Not Shoelace's
 * `sl-select`: it positions its list with floating-ui, about 20 KB of gzipped JavaScript on every
 * page that has a choice (the console's first-load budget is 150 KB), and each `sl-option` is an
 * element with its own shadow root (400 time zones held the main thread for 400 ms). The native one
 * also gives phones their own picker and keyboards type-to-select.
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
  const chosen = options.some((option) => option.value === value);
  const describedBy = error || hint ? `${id}-help` : undefined;
  return (
    <div className="app-field app-native-field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={chosen ? value : ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {chosen ? null : <option value="">{placeholder ?? 'Choose ...'}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHelp id={describedBy} error={error} hint={hint} />
    </div>
  );
}

/** A field's error (announced) or else its hint, under it. */
function FieldHelp({ id, error, hint }: { id: string | undefined; error?: string; hint?: string }) {
  if (error)
    return (
      <div id={id} className="app-field-error" role="alert">
        {error}
      </div>
    );
  if (hint)
    return (
      <div id={id} className="app-field-hint">
        {hint}
      </div>
    );
  return null;
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

/**
 * Several choices among a known list (the event types of a filter): a disclosure whose summary says
 * what is chosen, opening on a checkbox per option. Nothing chosen reads as `noneLabel` ("All event
 * types"): a filter that is not narrowed.
 */
export function ChecklistField({
  label,
  values,
  options,
  onChange,
  noneLabel,
}: {
  label: string;
  values: readonly string[];
  options: readonly SelectOption[];
  onChange: (values: string[]) => void;
  noneLabel: string;
}) {
  const chosen = options.filter((option) => values.includes(option.value));
  const summary =
    chosen.length === 0
      ? noneLabel
      : chosen.length <= 2
        ? chosen.map((option) => option.label).join(', ')
        : `${chosen.length} chosen`;
  const toggle = (value: string, checked: boolean) =>
    onChange(
      options
        .map((option) => option.value)
        .filter((option) => (option === value ? checked : values.includes(option))),
    );
  return (
    <details className="app-field app-choices">
      <summary>
        <span className="app-choices-label">{label}</span>
        <span className="app-choices-summary">{summary}</span>
      </summary>
      <fieldset>
        <legend className="visually-hidden">{label}</legend>
        {options.map((option) => (
          <sl-checkbox
            key={option.value}
            checked={values.includes(option.value)}
            onsl-change={(event: Event) => toggle(option.value, (event.target as HTMLInputElement).checked)}
          >
            {option.label}
          </sl-checkbox>
        ))}
        {chosen.length > 0 ? (
          <Button variant="text" size="small" onClick={() => onChange([])}>
            Clear {label.toLowerCase()}
          </Button>
        ) : null}
      </fieldset>
    </details>
  );
}

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
