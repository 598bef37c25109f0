import type { ContactField } from '@app/contract/marketing/contacts';
import { SelectField, TextField } from '@app/shared';

const inputTypes = { text: 'text', number: 'number', date: 'date' } as const;

/** The input of one custom field, by its type; its value as the API takes it (a string, '' for none). */
export function CustomFieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ContactField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  if (field.type === 'boolean' || field.type === 'choice') {
    const options =
      field.type === 'boolean'
        ? [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]
        : (field.choices ?? []).map((choice) => ({ value: choice, label: choice }));
    return (
      <SelectField
        label={field.name}
        value={value}
        options={[{ value: '', label: 'None' }, ...options]}
        onChange={onChange}
        {...(error ? { error } : {})}
      />
    );
  }
  return (
    <TextField
      label={field.name}
      type={inputTypes[field.type]}
      value={value}
      error={error}
      hint={`Merge tag {{${field.tag}}}`}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
