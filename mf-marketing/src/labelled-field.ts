import { fieldErrorText } from '@app/contract';

/**
 * A form field's props with its label, the error worded as §5 says marketing forms show it:
 * "Field {label} {first error}" (the fields of useZodForm carry their first error).
 */
export function labelled<F extends { error?: string | undefined }>(
  label: string,
  field: F,
): F & { label: string; error: string | undefined } {
  return { ...field, label, error: fieldErrorText(label, field.error ? [field.error] : []) || undefined };
}
