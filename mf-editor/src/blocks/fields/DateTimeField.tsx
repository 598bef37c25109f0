import { fromLocalInput, toLocalInput } from '../canvas/format.ts';
import { TextField } from './TextField.tsx';
import { instantError } from './validation.ts';

/** A labelled date and time in the user's zone, stored as an ISO instant. */
export function DateTimeField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      type="datetime-local"
      value={toLocalInput(value)}
      error={error ?? instantError(value)}
      onChange={(local) => onChange(fromLocalInput(local))}
    />
  );
}
