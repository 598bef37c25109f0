import type { Contact, ContactField, ContactPatch, Label } from '@app/contract/marketing/contacts';
import { Button, FormError, formSchema, LinkButton, TextField, useZodForm } from '@app/shared';
import { useState } from 'react';
import { labelled } from '../labelled-field.ts';
import { CustomFieldInput } from './CustomFieldInput.tsx';
import { LabelChoice } from './LabelChoice.tsx';

/** A custom value as its input holds it: '' for none. */
const inputValue = (value: Contact['fields'][string] | undefined) =>
  value === undefined || value === null ? '' : String(value);

/**
 * A contact's built-in fields, the company's custom fields by type and its labels, checked with the
 * server's schema; the server's refusals (a duplicate address, a wrong value, the plan's contact
 * limit) show on the field or above the form, which keeps what was typed. `contact` fills it for an
 * edit: a custom field emptied is then cleared (null).
 */
export function ContactForm({
  name,
  fields,
  labels,
  contact,
  submitLabel,
  onSubmit,
}: {
  name: string;
  fields: readonly ContactField[];
  labels: readonly Label[];
  contact?: Contact;
  submitLabel: string;
  /** A new contact's body (its address required), or an edit's (an empty address changes nothing). */
  onSubmit: (body: ContactPatch) => Promise<void>;
}) {
  // An address is required, but of a contact imported without one, whose edit may leave it empty.
  const form = useZodForm(formSchema(contact?.email === null ? 'contactPatchBody' : 'newContactBody'), {
    email: contact?.email ?? '',
    firstname: contact?.firstname ?? '',
    lastname: contact?.lastname ?? '',
    phone: contact?.phone ?? '',
    fields: {},
    labels: [],
  });
  const customFields = fields.filter((field) => !field.builtIn);
  const [custom, setCustom] = useState<Record<string, string>>(() =>
    Object.fromEntries(customFields.map((field) => [field.tag, inputValue(contact?.fields[field.tag])])),
  );
  const [chosen, setChosen] = useState<string[]>(() => contact?.labels.map((label) => label.id) ?? []);

  return (
    <form
      noValidate
      aria-label={name}
      style={{ maxWidth: 560 }}
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit((body) =>
          onSubmit({
            ...body,
            fields: Object.fromEntries(
              Object.entries(custom)
                .filter(([, value]) => contact !== undefined || value !== '')
                .map(([tag, value]) => [tag, value === '' ? null : value]),
            ),
            labels: chosen,
          }),
        );
      }}
    >
      <FormError message={form.formError} />
      <TextField type="email" autoComplete="off" {...labelled('Email', form.field('email'))} />
      <TextField autoComplete="off" {...labelled('First name', form.field('firstname'))} />
      <TextField autoComplete="off" {...labelled('Last name', form.field('lastname'))} />
      <TextField type="tel" autoComplete="off" {...labelled('Phone', form.field('phone'))} />
      {customFields.map((field) => (
        <CustomFieldInput
          key={field.id}
          field={field}
          value={custom[field.tag] ?? ''}
          error={form.errors[`fields.${field.tag}`]}
          onChange={(value) => setCustom((current) => ({ ...current, [field.tag]: value }))}
        />
      ))}
      <LabelChoice legend="Labels" labels={labels} chosen={chosen} onChange={setChosen} />
      <div className="app-page-actions">
        <Button type="submit" busy={form.busy}>
          {submitLabel}
        </Button>
        <LinkButton to="/contact">Cancel</LinkButton>
      </div>
    </form>
  );
}
