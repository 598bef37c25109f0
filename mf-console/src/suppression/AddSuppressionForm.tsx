import {
  Button,
  engineFieldErrors,
  FormError,
  formSchema,
  SelectField,
  showToast,
  TextAreaField,
  TextField,
  useZodForm,
} from '@app/shared';
import { putSuppressions } from './api.ts';
import { typeLabels, typeOptions } from './labels.ts';

const initial = { recipient: '', type: 'transactional' as const, description: '' };

/** Adds one address (or updates its entry of that type) with the engine's own schema. */
export function AddSuppressionForm({ onAdded }: { onAdded: () => void }) {
  const form = useZodForm(formSchema('suppressionBulkEntry'), initial);
  const submit = () =>
    form.submit(async ({ recipient, type, description }) => {
      try {
        await putSuppressions([{ recipient, type, ...(description ? { description } : {}) }]);
      } catch (error) {
        const found = engineFieldErrors(error, {
          recipient: 'recipient',
          type: 'type',
          description: 'description',
        });
        form.setFormError(Object.values(found).join(' '));
        return;
      }
      showToast({
        type: 'success',
        title: 'Added',
        message: `${recipient} is suppressed for ${typeLabels[type].toLowerCase()} mail.`,
      });
      form.set('recipient', '');
      form.set('description', '');
      onAdded();
    });

  return (
    <form
      noValidate
      aria-label="Add an address"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label="Recipient"
        type="email"
        placeholder="name@example.com"
        autoComplete="off"
        {...form.field('recipient', (value) => value.trim())}
      />
      <SelectField
        label="Type"
        value={String(form.values.type)}
        options={typeOptions}
        error={form.errors.type}
        hint="Transactional: receipts, password resets. Non-transactional: newsletters, campaigns."
        onChange={(value) => form.set('type', value)}
      />
      <TextAreaField
        label="Description (optional)"
        rows={2}
        value={String(form.values.description ?? '')}
        error={form.errors.description}
        onChange={(value) => form.set('description', value)}
      />
      <FormError message={form.formError} />
      <Button type="submit" busy={form.busy}>
        Add to the list
      </Button>
    </form>
  );
}
